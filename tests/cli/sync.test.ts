import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, bundleInto, readableFolder } from "../helpers/asNobody";
import { cleanEnv, runCli, useCliFixture } from "./helpers/builtCli";

const TOKEN = "cli-sync-s3cr3t";

/** `fountframe sync` as a user runs it: the built CLI against the emulator, the same flags as the query commands. */
describe("fountframe sync", () => {
  const fixture = useCliFixture(TOKEN);
  const env = () => cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fixture.emulator.url });

  it("syncs a resource by its filter flags, re-runs every tracked sync, and lists them", async () => {
    const store = join(fixture.dir, "fount.duckdb");
    const first = await runCli(
      fixture.cli,
      ["sync", "brandscape-data", "--studies", "1,2", "--metric-keys", "differentiation", "--store", store],
      { env: env() },
    );
    expect(first.stderr).toMatch(/sync brandscape_data: full, \d+ added/);
    expect(first.code).toBe(0);
    const full = JSON.parse(first.stdout);
    expect(full).toMatchObject({ table: "brandscape_data", mode: "full", removed: 0 });

    fixture.emulator.revise({ studies: [2] });
    const again = await runCli(fixture.cli, ["sync", "--store", store], { env: env() });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ mode: "incremental", added: 0, partitions: { replaced: [2], removed: [] } });

    const status = await runCli(fixture.cli, ["sync", "--store", store, "--status"], { env: cleanEnv() });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^table\s+endpoint\s+rows/);
    expect(status.stdout).toMatch(new RegExp(`brandscape_data\\s+brandscapeData\\s+${full.rows}\\s`));
    expect(status.stdout + again.stderr + first.stderr).not.toContain(TOKEN);
  });

  it("exits 2 naming the flag for bad usage, before any request", async () => {
    fixture.emulator.resetStats();
    const noStore = await runCli(fixture.cli, ["sync", "brands"], { env: env() });
    expect([noStore.code, noStore.stderr]).toEqual([2, expect.stringMatching(/--store <file> is required/)]);
    const partial = await runCli(fixture.cli, ["sync", "brands", "--store", join(fixture.dir, "x.duckdb"), "--max-pages", "1"], {
      env: env(),
    });
    expect([partial.code, partial.stderr]).toEqual([2, expect.stringMatching(/--max-pages: not taken by sync/)]);
    expect(fixture.emulator.stats.log).toHaveLength(0);
  });

  it("creates nothing for --status or a re-run on a missing store: says so, exit 2 (case 11)", async () => {
    for (const args of [["--status"], []]) {
      const typo = join(fixture.dir, "typo.duckdb");
      const run = await runCli(fixture.cli, ["sync", "--store", typo, ...args], { env: env() });
      expect([run.code, run.stderr]).toEqual([2, expect.stringMatching(/typo\.duckdb does not exist \(nothing was created\)/)]);
      expect(existsSync(typo)).toBe(false);
    }
  });

  it("refuses a data file as the store, and a table it did not make unless --full --replace-untracked-table (cases 5, 7)", async () => {
    const csv = join(fixture.dir, "data.csv");
    writeFileSync(csv, "id,name\n1,a\n");
    const onCsv = await runCli(fixture.cli, ["sync", "regions", "--store", csv], { env: env() });
    expect([onCsv.code, onCsv.stderr]).toEqual([2, expect.stringMatching(/data\.csv is not a DuckDB database/)]);
    expect(readFileSync(csv, "utf8")).toBe("id,name\n1,a\n");

    const store = join(fixture.dir, "theirs.duckdb");
    const made = await runCli(fixture.cli, ["sync", "regions", "--store", store, "--table", "mine"], { env: env() });
    expect(made.code).toBe(0);
    const sameTable = await runCli(fixture.cli, ["sync", "regions", "--store", store, "--table", "MINE", "--full"], { env: env() });
    expect(sameTable.code).toBe(0); // the tracked table, in another case
    const untracked = await runCli(fixture.cli, ["sync", "regions", "--store", store, "--table", "other", "--replace-untracked-table"], {
      env: env(),
    });
    expect([untracked.code, untracked.stderr]).toEqual([2, expect.stringMatching(/--replace-untracked-table: only with mode: "full"/)]);
  });
});

/** Nothing but a store's use loads DuckDB: a CLI bundled with every dependency holds none of it (case 15). */
describe("the CLI bundled with its dependencies", () => {
  let folder = "";
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("builds without DuckDB's native bindings inside, and loads it only when a store is opened", () => {
    folder = readableFolder();
    bundleInto(folder, { cli: join(ROOT, "src/cli/main.ts"), emulator: join(ROOT, "src/emulator/index.ts") });
    const cli = readFileSync(join(folder, "cli.cjs"), "utf8");
    expect(cli).not.toMatch(/node-bindings/);
    // the node API, and its text decoder (loadDuckDB.ts keeps a leading U+FEFF), both loaded when a store is opened
    expect(cli.match(/(require|import)\("@duckdb\/[^"]+"\)/g)).toEqual([
      'import("@duckdb/node-api")',
      'import("@duckdb/node-api/lib/vectors/dataAccessors.js")',
    ]);
    expect(readdirSync(folder).filter((name) => name.endsWith(".node"))).toEqual([]);
  }, 180_000);
});
