import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cleanEnv, runCli, useCliFixture } from "./helpers/builtCli";

const TOKEN = "tok-7f3a9c-exit-code-tests";
const fx = useCliFixture(TOKEN);
/** One page of one metric's columns as CSV, quietly: the brandscape-data runs below differ only in their filters. */
const ONE_CSV_PAGE = ["--metric-keys", "differentiation", "--max-pages", "1", "--format", "csv", "-q"];

const fount = (args: string[], env: NodeJS.ProcessEnv = { FOUNT_API_TOKEN: TOKEN }, cwd?: string) =>
  runCli(fx.cli, [...args, "--base-url", fx.emulator.url], { env: cleanEnv(env), cwd });

/** One line on stderr, nothing on stdout. */
function expectOneLineError(run: { stdout: string; stderr: string }, pattern: RegExp) {
  expect(run.stdout).toBe("");
  expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(run.stderr).toMatch(pattern);
}

describe("exit 2: bad usage or validation, one line naming the flag", () => {
  test.each([
    [["brands", "--bogus"], /unknown option '--bogus'/],
    [["brands", "--country-codes", "XX"], /^error: --country-codes: must be an ISO 3166-1 alpha-2 country code/],
    [["brands", "--filter", "year_numbers=20x4"], /^error: --filter year_numbers: must be a year/],
    [["brands", "--filter", "nonsense"], /^error: --filter: must be key=value, e\.g\. --filter country_codes=US,GB \(got "nonsense"\)$/m],
    [["audiences", "--active", "maybe"], /^error: --active: must be 1, 0, true, false, yes, no, on or off \(got "maybe"\)$/m],
    [["brands", "--page", "0"], /^error: --page: must be a whole number of 1 or more \(got "0"\)$/m],
    [["brands", "--per-page", "abc"], /^error: --per-page: must be a whole number of 1 or more \(got "abc"\)$/m],
    [["brands", "--on-errors", "sometimes"], /^error: --on-errors: must be one of warn, raise \(got "sometimes"\)$/m],
    [["emulator", "--port", "x"], /^error: --port: must be a whole number from 0 to 65535 \(got "x"\)$/m],
    [["brands", "--per-page", "5000"], /^error: --per-page: must be at most 1000/],
    [["brands", "--sort", "not a field"], /^error: --sort: must be a field name/],
    [["brands", "--timeout", "-5"], /^error: --timeout: must be a number of milliseconds above 0 \(got "-5"\)$/m],
    [["brandscape-data"], /^error: brandscape-data: needs at least one filter \(the service requires filtering\)/m],
    [["regions", "--out", "regions.txt"], /^error: --out: cannot tell the format/],
  ])("%j", async (args, pattern) => {
    const run = await fount(args);
    expect(run.code).toBe(2);
    expectOneLineError(run, pattern);
  });

  test("an unknown command suggests the nearest", async () => {
    const run = await fount(["brandz"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown command 'brandz'[\s\S]*Did you mean brands\?/);
  });

  test("a missing token says where to put it", async () => {
    const run = await fount(["brands"], {}, fx.dir);
    expect(run.code).toBe(2);
    expectOneLineError(run, /no API token: pass --token, set FOUNT_API_TOKEN, or put FOUNT_API_TOKEN=<token> in a \.env file/);
  });
});

describe("exit 1: the service refused or could not be reached", () => {
  test("401 with a wrong token: exit 1, and the token appears nowhere, not even with --debug", async () => {
    const wrong = "wrong-token-5ecret-xyz";
    const run = await fount(["brands", "--token", wrong, "--retries", "0", "--debug"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: HTTP 401 from .*brands.*Unauthenticated\. \(check the token/);
    expect(run.stderr).toMatch(/\n {4}at /); // --debug adds the stack
    expect(`${run.stdout}${run.stderr}`).not.toContain(wrong);
  });

  test("without --debug there is no stack", async () => {
    const run = await fount(["brands", "--token", "nope", "--retries", "0"]);
    expect(run.code).toBe(1);
    expectOneLineError(run, /HTTP 401/);
  });

  test("an unreachable service after retries", async () => {
    const run = await runCli(fx.cli, ["regions", "--base-url", "http://127.0.0.1:9/api/v2/", "--retries", "1", "-q"], {
      env: cleanEnv({ FOUNT_API_TOKEN: TOKEN }),
    });
    expect(run.code).toBe(1);
    expectOneLineError(run, /^error: ECONNREFUSED/);
  });
});

describe("exit 3: the service answered and nothing matched", () => {
  test.each([[[]], [["--out", "none.csv"]], [["--format", "json"]]])(
    "%j: one line that is not an error, and nothing written",
    async (extra) => {
      const run = await fount(["brands", "--name", "no-such-brand-anywhere", ...extra], { FOUNT_API_TOKEN: TOKEN }, fx.dir);
      expect(run.code).toBe(3);
      expectOneLineError(run, /^no results: brands: the query returned no records \(.*no-such-brand-anywhere/);
      expect(existsSync(join(fx.dir, "none.csv"))).toBe(false);
    },
  );
});

describe("exit 0", () => {
  test("the token is read from .env in the working folder", async () => {
    writeFileSync(join(fx.dir, ".env"), `# local settings\nFOUNT_API_TOKEN="${TOKEN}"\n`);
    const run = await fount(["regions", "--format", "ndjson"], {}, fx.dir);
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line).name),
    ).toContain("North America");
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
  });

  test("--flag encodes as 1, --flag 0 as 0, absent not at all", async () => {
    const count = async (args: string[]) =>
      (await fount(["audiences", ...args, "--format", "ndjson", "-q"])).stdout.trimEnd().split("\n").length;
    const all = await count([]);
    const active = await count(["--active"]);
    const inactive = await count(["--active", "0"]);
    expect(active + inactive).toBe(all);
    expect(inactive).toBeGreaterThan(0);
    expect(await count(["--active", "false"])).toBe(inactive);
  });

  test("--help and --version", async () => {
    const help = await fount(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/brandscape-data[\s\S]*raw[\s\S]*refs[\s\S]*emulator/);
    expect((await fount(["--version"])).stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("warnings", () => {
  it("print as one `warning:` line in the CLI's words, without Node's prefix or advice meant for library callers", async () => {
    const run = await fount(["brands", "--filter", "countryCode=US", "--format", "csv", "-q"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "warning: brands: a filter the docs do not name for brands, sent as given: countryCode: did you mean country_codes?\n",
    );
  });

  it("a misspelt --fields name: one warning with the closest name, the other columns written", async () => {
    const run = await fount(["audiences", "--fields", "id,nmae", "--per-page", "3", "--max-pages", "1", "--format", "csv", "-q"]);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe("id");
    expect(run.stderr).toBe(
      'warning: audiences: a field neither documented nor in the records received, so left out of the result: "nmae": did you mean name?\n',
    );
  });

  it("a brandscape-data pull by year alone is sent, with one slow-filter warning naming the recommended combinations", async () => {
    const run = await fount(["brandscape-data", "--year-number", "2024", ...ONE_CSV_PAGE]);
    expect(run.code).toBe(0);
    expect(run.stderr.trimEnd().split("\n")).toEqual([
      "warning: brandscapeData: filtering by year is not a left-to-right prefix of a combination the service recommends, so it may answer slowly; recommended: study + audience + brand + category; country + year + audience; brand + audience + country + year",
    ]);
    const alone = await fount(["brandscape-data", "--country-code", "GB", ...ONE_CSV_PAGE]);
    expect(alone.code).toBe(0);
    expect(alone.stderr).toBe("");
  });
});

describe("one spelling per documented filter, the other accepted", () => {
  it("brandscape-data takes --country-codes for --country-code and says so in --help; brands the other way round", async () => {
    const help = await fount(["brandscape-data", "--help"]);
    expect(help.stdout).toMatch(/--country-code <codes>\s+ISO country codes, comma list/);
    expect(help.stdout).toMatch(/--country-codes <codes>\s+the same as --country-code/);
    expect((await fount(["brands", "--help"])).stdout).toMatch(/--country-code <codes>\s+the same as --country-codes/);
    const canonical = await fount(["brandscape-data", "--country-code", "GB", "--year-number", "2024", ...ONE_CSV_PAGE]);
    const alias = await fount(["brandscape-data", "--country-codes", "GB", "--year-numbers", "2024", ...ONE_CSV_PAGE]);
    expect(alias.code).toBe(0);
    expect(alias.stdout).toBe(canonical.stdout);
    const both = await fount(["brandscape-data", "--country-code", "GB", "--country-codes", "GB"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--country-code: given as --country-code and --country-codes: give it once/);
  });

  it("an unknown spelling gets a did-you-mean", async () => {
    const run = await fount(["brands", "--country-cods", "US"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown option '--country-cods'\n\(Did you mean one of --country-code, --country-codes\?\)/);
  });
});
