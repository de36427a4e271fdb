import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CommanderError } from "commander";
import { ENDPOINTS, ENDPOINT_BY_RESOURCE, wireFilterName } from "../../src/endpoints/table";
import { APIError, DataNotFoundError, ValidationError, ValueError } from "../../src/errors";
import { errorFromResponse } from "../../src/errors/fromResponse";
import { resolveCredentials } from "../../src/cli/credentials";
import { masked, outcomeOf } from "../../src/cli/exitCode";
import { filterFlags } from "../../src/cli/filterFlags";
import { inFlagTerms } from "../../src/cli/flagNames";
import { collectFilter, parseFlagValue } from "../../src/cli/parseValues";
import { createProgram } from "../../src/cli/program";
import { methodOptions } from "../../src/cli/queryFlags";
import { UsageError } from "../../src/cli/exitCode";
import { firstRows, ttyTable } from "../../src/cli/output/ttyTable";
import { gatherRows } from "../../src/table/flatten";
import { constantName, uniqueConstantNames } from "../../src/cli/refs/constantNames";
import type { CliIo } from "../../src/cli/io";

const spec = (resource: string) => ENDPOINT_BY_RESOURCE.get(resource)!;
const io = (): CliIo => ({ stdout: process.stdout, stderr: process.stderr, env: {}, cwd: "/", secrets: new Set() });

describe("flags from the endpoint table", () => {
  test("every documented filter and method parameter of every resource has exactly one flag (id is --id), and no flag clashes", () => {
    for (const endpoint of ENDPOINTS) {
      const flags = filterFlags(endpoint);
      const own = [...endpoint.positional, ...endpoint.optionFilters].map((param) => wireFilterName(endpoint, param));
      const expected = new Set([...own, ...endpoint.filters, "updated_since"].filter((wire) => wire !== "id"));
      expect(flags.map((flag) => flag.wire).sort()).toEqual([...expected].sort());
      expect(new Set(flags.map((flag) => flag.flag)).size).toBe(flags.length);
    }
    const program = createProgram(io()); // commander throws on two options with one flag
    expect(program.commands.map((command) => command.name())).toEqual([
      ...ENDPOINTS.map((endpoint) => endpoint.resource),
      "tools",
      "raw",
      "sync",
      "refs",
      "emulator",
    ]);
  });

  test("a filter is named after the method's parameter where it has one", () => {
    const studies = filterFlags(spec("studies"));
    expect(studies.find((flag) => flag.wire === "bav_study")).toMatchObject({ flag: "--main-study", kind: "flag" });
    expect(filterFlags(spec("brands")).find((flag) => flag.wire === "country_codes")).toMatchObject({
      flag: "--country-codes",
      valueName: "<codes>",
    });
  });
});

describe("flag values → the method's options", () => {
  test("--active 0 reaches the wire as a filter; --filter entries win", () => {
    const { options } = methodOptions(spec("audiences"), { active: false, name: "Men", filter: { name: "Women" } });
    expect(options.filters).toEqual({ active: false, name: "Women" });
  });

  test("--id goes to the resource's id option; paging flags as they are", () => {
    const { options } = methodOptions(spec("brands"), { id: "12", perPage: 50, maxPages: 2, fields: "id,name" });
    expect(options).toEqual({ filters: {}, brandId: "12", perPage: 50, maxPages: 2, fields: "id,name" });
  });

  test("a flag's value: the spellings its message lists, and nothing else", () => {
    for (const text of ["1", "true", "yes", "on", " ON "]) expect(parseFlagValue(text)).toBe(true);
    for (const text of ["0", "false", "no", "off"]) expect(parseFlagValue(text)).toBe(false);
    expect(() => parseFlagValue("maybe")).toThrow("must be 1, 0, true, false, yes, no, on or off");
  });

  test("--filter: known filters by kind, others: commas make lists, true/false flags", () => {
    let filters = collectFilter("active=false");
    filters = collectFilter("country_codes=US,GB", filters);
    filters = collectFilter("brand_name=Ben, Jerry's", filters);
    filters = collectFilter("custom_list=a, b", filters);
    filters = collectFilter("custom_flag=TRUE", filters);
    filters = collectFilter("with_recent_studies=2", filters);
    expect(filters).toEqual({
      active: false,
      country_codes: "US,GB",
      brand_name: "Ben, Jerry's",
      custom_list: ["a", "b"],
      custom_flag: true,
      with_recent_studies: 2,
    });
    expect(() => collectFilter("=x")).toThrow(/key=value/);
  });

  test("validation errors are re-told in flag names", () => {
    const { names } = methodOptions(spec("brandscape-data"), { filter: { studys: "1" } });
    const retold = inFlagTerms(
      new ValidationError("yearNumber", "give countryCode (or filters.countries) with yearNumber"),
      names,
    ) as ValidationError;
    expect(retold.message).toBe("--year-number: give --country-code (or --countries) with --year-number");
    expect((inFlagTerms(new ValidationError("filters.studys", "bad"), names) as Error).message).toBe("--filter studys: bad");
    // a plain-word parameter in backticks is a flag too
    const tool = new Map([
      ["metrics", "--metrics"],
      ["metricKeys", "--metric-keys"],
    ]);
    expect(
      (inFlagTerms(new ValidationError("metrics", "toplist-market needs `metrics` or `metricKeys` (exactly one of them)"), tool) as Error)
        .message,
    ).toBe("--metrics: toplist-market needs `--metrics` or `--metric-keys` (exactly one of them)");
  });
});

describe("one function maps outcomes to exit codes", () => {
  test.each([
    [undefined, 0],
    [new CommanderError(0, "commander.helpDisplayed", ""), 0],
    [new CommanderError(1, "commander.unknownOption", ""), 2],
    [Object.assign(new Error("write EPIPE"), { code: "EPIPE" }), 0],
    [new UsageError("x"), 2],
    [new ValidationError("page", "bad"), 2],
    [new ValueError("bad"), 2],
    [new APIError({ status: 503, url: "u", message: "down" }), 1],
    [new APIError({ status: undefined, url: "u", message: "reset", code: "ECONNRESET" }), 1],
    [new DataNotFoundError("none"), 3],
    [Object.assign(new Error("ENOENT: no such file"), { code: "ENOENT", syscall: "open" }), 1],
    [new TypeError("a bug"), 1],
  ])("%p → %i", (error, code) => {
    expect(outcomeOf(error).code).toBe(code);
  });

  test("a 401 says to check the token; secrets are masked in any message", () => {
    expect(outcomeOf(errorFromResponse(401, { message: "Unauthenticated." }, "u")).message).toBe(
      "HTTP 401 from u: Unauthenticated. (check the token: --token, FOUNT_API_TOKEN or .env)",
    );
    expect(masked("token abc123 and abc123", new Set(["abc123"]))).toBe("token *** and ***");
    expect(masked("Bearer a.b+c? in url?token=a.b+c?", new Set(["a.b+c?"]))).toBe("Bearer *** in url?token=***");
    // a short token is masked where it stands alone, never inside the words of the message
    expect(masked("--country-codes: got t", new Set(["t"]))).toBe("--country-codes: got ***");
  });
});

test("credentials: --token, then FOUNT_API_TOKEN, then .env; a missing token says where to put it", () => {
  const dir = mkdtempSync(join(tmpdir(), "fountframe-env-"));
  try {
    writeFileSync(join(dir, ".env"), "FOUNT_API_TOKEN=from-dotenv\nFOUNT_BASE_URL=http://localhost:1/api/v2/\n");
    expect(resolveCredentials({}, {}, dir)).toEqual({ token: "from-dotenv", baseUrl: "http://localhost:1/api/v2/" });
    expect(resolveCredentials({}, { FOUNT_API_TOKEN: "from-env" }, dir).token).toBe("from-env");
    expect(resolveCredentials({ token: "from-flag", baseUrl: "http://x/" }, { FOUNT_API_TOKEN: "from-env" }, dir)).toEqual({
      token: "from-flag",
      baseUrl: "http://x/",
    });
    expect(() => resolveCredentials({}, {}, tmpdir())).toThrow(
      /pass --token, set FOUNT_API_TOKEN, or put FOUNT_API_TOKEN=<token> in a \.env file/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the terminal table fits the width and says what it left out", () => {
  const rows = Array.from({ length: 3 }, (_, index) => ({
    id: index + 1,
    name: `Brand ${index}, Inc.`,
    description: "x".repeat(50),
    share: index / 3,
  }));
  const text = ttyTable(firstRows(gatherRows(rows), 3), { total: 120, rowsRead: 3, more: true }, 40);
  const lines = text.trimEnd().split("\n");
  expect(lines.every((line) => line.length <= 40)).toBe(true);
  expect(lines[0]).toMatch(/^id {2}name/);
  expect(lines[1]).toMatch(/^ 1 {2}Brand 0, Inc\./);
  expect(lines.slice(4).join(" ")).toBe("[3 rows shown of 120 records, 2 of 4 columns; --out FILE or a pipe gives everything]");
});

test("the preview shows the first rows with the columns they hold (null kept, later rows' columns left out)", () => {
  const gathered = gatherRows([
    { id: 1, parent: null },
    { id: 2, name: "b" },
    { id: 3, extra: 9 },
  ]);
  expect(firstRows(gathered, 2)).toEqual({
    columns: ["id", "parent", "name"],
    rows: [
      [1, null],
      [2, undefined, "b"],
    ],
  });
});

describe("refs constant names", () => {
  test.each([
    ["All Adults", "ALL_ADULTS"],
    ["United States", "UNITED_STATES"],
    ["Côte d'Ivoire", "COTE_D_IVOIRE"],
    ["Food & Drink", "FOOD_AND_DRINK"],
    ["Ages 18-24", "AGES_18_24"],
    ["  -- ", undefined],
    ["東京", undefined],
  ])("%j → %s", (label, name) => {
    expect(constantName(label)).toBe(name);
  });

  test("duplicates are resolved by id, so reruns give the same names", () => {
    const named = uniqueConstantNames(
      [
        { id: 9, label: "Men" },
        { id: 2, label: "men" },
        { id: 5, label: "東京" },
        { id: 7, label: "2024" },
      ],
      "Y",
    );
    expect(named.map((entry) => [entry.name, entry.id])).toEqual([
      ["MEN", 2],
      ["ID_5", 5],
      ["Y2024", 7],
      ["MEN_9", 9],
    ]);
  });
});
