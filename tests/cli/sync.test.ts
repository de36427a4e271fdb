import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { DuckDBInstance } from "@duckdb/node-api";
import { AS_NOBODY, ROOT, bundleInto, readableFolder, whyNotNobody } from "../helpers/asNobody";
import { openStore } from "../../src/store";
import { cleanEnv, runCli, runCommand, useCliFixture } from "./helpers/builtCli";

const TOKEN = "cli-sync-s3cr3t";

/** `fountframe sync` as a user runs it: the built CLI against the emulator, the same flags as the query commands. */
describe("fountframe sync", () => {
  const fixture = useCliFixture(TOKEN);
  const env = () => cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fixture.emulator.url });
  afterEach(() => fixture.emulator.setFaults([]));

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
    expect(status.stdout).toMatch(/^table\s+endpoint\s+rows\s+last synced\s+cursor\s+service\s+query$/m);
    expect(status.stdout).toContain(` ${fixture.emulator.url.replace(/\/?$/, "/")} `);
    expect(status.stdout + again.stderr + first.stderr).not.toContain(TOKEN);
  });

  it("a re-run of every tracked sync goes on past a table that fails, names it, and exits with its code", async () => {
    const store = join(fixture.dir, "two-tables.duckdb");
    for (const resource of ["brands", "regions"])
      expect((await runCli(fixture.cli, ["sync", resource, "--store", store], { env: env() })).code).toBe(0);
    fixture.emulator.setFaults([{ resource: "brands", kind: "status", status: 422 }]);
    const again = await runCli(fixture.cli, ["sync", "--store", store, "--quiet"], { env: env() });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^sync brands: not synced: .*422/m);
    expect(again.stderr).toContain("1 of 2 tracked tables not synced (brands); the others were, each committed on its own");
    expect(
      again.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).table),
    ).toEqual(["regions"]);
  });

  it("a misspelt resource exits 2 with the nearest one, and creates nothing", async () => {
    const store = join(fixture.dir, "typo.duckdb");
    const run = await runCli(fixture.cli, ["sync", "brandz", "--store", store], { env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("sync: unknown resource 'brandz' (did you mean brands?); the resources: audience-groups,");
    expect(existsSync(store)).toBe(false);
  });

  it("a --store that names a folder (newdir/, newdir/.) exits 2 naming --store, and creates nothing, in every form of the command", async () => {
    for (const ending of ["/", "/."])
      for (const args of [["brands"], [], ["--status"]]) {
        const store = join(fixture.dir, "newdir") + ending;
        const run = await runCli(fixture.cli, ["sync", ...args, "--store", store], { env: env() });
        expect([run.code, run.stderr]).toEqual([
          2,
          expect.stringMatching(/^error: --store: the store's DuckDB file name.*: a folder's name/),
        ]);
        expect(existsSync(join(fixture.dir, "newdir"))).toBe(false);
      }
  });

  it("creates no store when the token is missing or the service's address is refused: exit 2", async () => {
    const store = join(fixture.dir, "new.duckdb");
    const noToken = await runCli(fixture.cli, ["sync", "brands", "--store", store], { env: cleanEnv() });
    expect([noToken.code, noToken.stderr]).toEqual([2, expect.stringMatching(/no API token/)]);
    const badUrl = await runCli(fixture.cli, ["sync", "brands", "--store", store, "--base-url", "ftp://example.com/api/v2/"], {
      env: env(),
    });
    expect(badUrl.code).toBe(2);
    expect(existsSync(store)).toBe(false);
  });

  it("a new store whose file cannot be made (a file size limit) fails with exit 1 and leaves no file; the next run makes it", async () => {
    const store = join(fixture.dir, "limited.duckdb");
    const limited = await runCommand(
      "sh",
      ["-c", `ulimit -f 8; exec "${process.execPath}" "${fixture.cli}" sync brands --store "${store}"`],
      {
        env: env(),
      },
    );
    expect(limited.code).toBe(1);
    expect(limited.stderr).toMatch(
      /limited\.duckdb could not be made: its file could not be written \(DuckDB: .*File too large.*what was begun of it was removed/,
    );
    expect(existsSync(store)).toBe(false);
    const roomy = await runCli(fixture.cli, ["sync", "brands", "--store", store], { env: env() });
    expect([roomy.code, roomy.stderr]).toEqual([0, expect.stringMatching(/sync brands: full, 439 added/)]);
  });

  it("exits 2 naming the flag for bad usage, before any request", async () => {
    fixture.emulator.resetStats();
    const noStore = await runCli(fixture.cli, ["sync", "brands"], { env: env() });
    expect([noStore.code, noStore.stderr]).toEqual([2, expect.stringMatching(/--store <file> is required/)]);
    const partial = await runCli(fixture.cli, ["sync", "brands", "--store", join(fixture.dir, "x.duckdb"), "--max-pages", "1"], {
      env: env(),
    });
    expect([partial.code, partial.stderr]).toEqual([2, expect.stringMatching(/--max-pages: not taken by sync/)]);
    const fresh = join(fixture.dir, "never.duckdb");
    for (const [args, message] of [
      [["brands", "--stack"], /--stack: not taken by sync/],
      [["brands", "--table", ""], /--table: a table name/],
      [["brands", "--status"], /--status lists every table the store tracks, with no resource/],
      [["--status", "--full"], /--status .* give it without --full/],
    ] as const) {
      const run = await runCli(fixture.cli, ["sync", ...args, "--store", fresh], { env: env() });
      expect([args, run.code, run.stderr]).toEqual([args, 2, expect.stringMatching(message)]);
      expect(existsSync(fresh)).toBe(false);
    }
    expect(existsSync(join(fixture.dir, "x.duckdb"))).toBe(false);
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

  it("leaves another program's DuckDB file as it was on --status or a re-run: tracks no tables, no state table made", async () => {
    const theirs = join(fixture.dir, "invoices.duckdb");
    const instance = await DuckDBInstance.create(theirs);
    const connection = await instance.connect();
    await connection.run("CREATE TABLE invoices AS SELECT 1 AS id, 100.0 AS amount");
    connection.closeSync();
    instance.closeSync();
    const sha256 = () => createHash("sha256").update(readFileSync(theirs)).digest("hex");
    const before = sha256();
    const files = readdirSync(fixture.dir).sort();

    const status = await runCli(fixture.cli, ["sync", "--store", theirs, "--status"], { env: cleanEnv() });
    expect(sha256()).toBe(before);
    expect([status.code, status.stderr]).toEqual([
      0,
      expect.stringMatching(/invoices\.duckdb tracks no tables: it holds no fountframe sync state \(nothing was written to it\)/),
    ]);
    expect(status.stdout).toMatch(/^table\s+endpoint\s+rows\s+last synced\s+cursor\s+service\s+query\n$/);

    fixture.emulator.resetStats();
    const again = await runCli(fixture.cli, ["sync", "--store", theirs], { env: env() });
    expect([again.code, again.stderr]).toEqual([
      2,
      expect.stringMatching(/invoices\.duckdb tracks nothing yet: run fountframe sync <resource>/),
    ]);
    expect(fixture.emulator.stats.log).toHaveLength(0);
    expect(sha256()).toBe(before);
    expect(readdirSync(fixture.dir).sort()).toEqual(files); // no log, no mark beside it
    const reopened = await DuckDBInstance.create(theirs, { access_mode: "READ_ONLY" });
    const reading = await reopened.connect();
    const tables = (await reading.runAndReadAll("SELECT table_name FROM duckdb_tables() ORDER BY 1")).getRows();
    reading.closeSync();
    reopened.closeSync();
    expect(tables).toEqual([["invoices"]]);
  });

  it("a DuckDB file DuckDB cannot read is told as such, exit 2, not as a store in use by another process", async () => {
    const good = join(fixture.dir, "readable.duckdb");
    expect((await runCli(fixture.cli, ["sync", "regions", "--store", good], { env: env() })).code).toBe(0);
    const bytes = readFileSync(good);
    bytes.fill(0, 4096, 3 * 4096); // a block of the header zero-filled
    const damaged = join(fixture.dir, "damaged.duckdb");
    writeFileSync(damaged, bytes);
    for (const args of [["--status"], [], ["regions"]]) {
      const run = await runCli(fixture.cli, ["sync", ...args, "--store", damaged], { env: env() });
      expect([run.code, run.stderr]).toEqual([
        2,
        expect.stringMatching(/damaged\.duckdb could not be opened as a DuckDB database \(.*\): DuckDB: IO Error: /),
      ]);
      expect(run.stderr).not.toMatch(/in use by another process/);
      expect(readFileSync(damaged).equals(bytes)).toBe(true);
    }
  });

  it("refuses a data file as the store, and a table it did not make unless --full --replace-untracked-table (cases 5, 7)", async () => {
    const csv = join(fixture.dir, "data.csv");
    writeFileSync(csv, "id,name\n1,a\n");
    const onCsv = await runCli(fixture.cli, ["sync", "regions", "--store", csv], { env: env() });
    expect([onCsv.code, onCsv.stderr]).toEqual([2, expect.stringMatching(/data\.csv is not a DuckDB database/)]);
    expect(readFileSync(csv, "utf8")).toBe("id,name\n1,a\n");
    const missingParquet = join(fixture.dir, "fresh.parquet");
    const onParquet = await runCli(fixture.cli, ["sync", "regions", "--store", missingParquet], { env: env() });
    expect([onParquet.code, onParquet.stderr]).toEqual([
      2,
      expect.stringMatching(/fresh\.parquet would be a DuckDB database named as data/),
    ]);
    expect(existsSync(missingParquet)).toBe(false);

    const store = join(fixture.dir, "theirs.duckdb");
    const made = await runCli(fixture.cli, ["sync", "regions", "--store", store, "--table", "mine"], { env: env() });
    expect(made.code).toBe(0);
    const sameTable = await runCli(fixture.cli, ["sync", "regions", "--store", store, "--table", "MINE", "--full"], { env: env() });
    expect(sameTable.code).toBe(0); // the tracked table, in another case
    const untracked = await runCli(fixture.cli, ["sync", "regions", "--store", store, "--table", "other", "--replace-untracked-table"], {
      env: env(),
    });
    expect([untracked.code, untracked.stderr]).toEqual([2, expect.stringMatching(/--replace-untracked-table: only with --full \(/)]);
  });

  it("refuses a tracked table its owner dropped and made again, exit 2 naming it; --full --replace-untracked-table replaces it", async () => {
    const store = join(fixture.dir, "remade.duckdb");
    const made = await runCli(fixture.cli, ["sync", "regions", "--store", store], { env: env() });
    expect(made.code).toBe(0);
    const instance = await DuckDBInstance.create(store);
    const connection = await instance.connect();
    await connection.run("DROP TABLE regions; CREATE TABLE regions (id INTEGER, mine VARCHAR); INSERT INTO regions VALUES (1, 'mine')");
    connection.closeSync();
    instance.closeSync();
    for (const flags of [[], ["--full"]]) {
      const refused = await runCli(fixture.cli, ["sync", "regions", "--store", store, ...flags], { env: env() });
      expect([refused.code, refused.stderr]).toEqual([
        2,
        expect.stringMatching(
          /regions is a table this store did not make \(.*not the one it made.*: give another table, or --full with --replace-untracked-table/,
        ),
      ]);
    }
    const opened = await openStore(store);
    try {
      expect((await opened.query("SELECT * FROM regions")).values).toEqual([[1, "mine"]]);
    } finally {
      await opened.close();
    }
    const replaced = await runCli(fixture.cli, ["sync", "regions", "--store", store, "--full", "--replace-untracked-table"], {
      env: env(),
    });
    expect([replaced.code, JSON.parse(replaced.stdout).mode]).toEqual([0, "full"]);
    const again = await runCli(fixture.cli, ["sync", "regions", "--store", store], { env: env() });
    expect([again.code, JSON.parse(again.stdout).mode]).toEqual([0, "incremental"]);
  });
});

/** The command line and the library spell one sync differently: the store keeps it in one form (issue 43). */
describe("fountframe sync and client.sync on one store", () => {
  const fixture = useCliFixture(TOKEN);
  const env = () => cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fixture.emulator.url });
  afterEach(() => fixture.emulator.setFaults([]));
  const library = { studies: [1, 2], metricKeys: ["differentiation"] };

  it("takes each other's table, in any list order", async () => {
    const file = join(fixture.dir, "shared.duckdb");
    const made = await runCli(
      fixture.cli,
      ["sync", "brandscape-data", "--studies", "2,1", "--metric-keys", "differentiation", "--store", file],
      {
        env: env(),
      },
    );
    expect(made.code).toBe(0);
    const store = await openStore(file);
    try {
      expect((await fixture.client.sync(store, "brandscapeData", library)).mode).toBe("incremental");
    } finally {
      await store.close();
    }
    const again = await runCli(
      fixture.cli,
      ["sync", "brandscape-data", "--studies", "1,2", "--metric-keys", "differentiation", "--store", file],
      {
        env: env(),
      },
    );
    expect([again.code, JSON.parse(again.stdout).mode]).toEqual([0, "incremental"]);
  });

  it("names the query a table holds as the store keeps it, and --full, when another query is refused", async () => {
    const file = join(fixture.dir, "other.duckdb");
    const store = await openStore(file);
    try {
      await fixture.client.sync(store, "brandscapeData", library);
    } finally {
      await store.close();
    }
    const other = await runCli(
      fixture.cli,
      ["sync", "brandscape-data", "--studies", "1,3", "--metric-keys", "differentiation", "--store", file],
      {
        env: env(),
      },
    );
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      '--table: brandscape_data holds a sync of brandscape-data {"filters":{"studies":[1,2]},"metricKeys":["differentiation"]}: give another table, or --full to replace it',
    );
  });

  it("exits 130 on SIGINT, saying what was kept: the studies committed before it stay", async () => {
    const file = join(fixture.dir, "interrupted.duckdb");
    // study 1's pull answers; the next pull (studies 2 and 3) never does
    fixture.emulator.setFaults([
      { kind: "rateHeaders", headers: {}, resource: "brandscape-data", page: 1, times: 1 },
      { kind: "hang", resource: "brandscape-data", page: 1 },
    ]);
    fixture.emulator.resetStats();
    try {
      const child = spawn(
        process.execPath,
        [fixture.cli, "sync", "brandscape-data", "--studies", "1,2,3", "--metric-keys", "differentiation", "--store", file],
        {
          env: env(),
        },
      );
      const err: Buffer[] = [];
      child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
      const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
      const hanging = () =>
        fixture.emulator.stats.log.filter((entry) => entry.path.endsWith("brandscape-data") && entry.page === 1).length >= 2;
      for (let waited = 0; !hanging() && waited < 15_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      child.kill("SIGINT");
      expect(await exited).toBe(130);
      expect(Buffer.concat(err).toString("utf8")).toMatch(
        /interrupted: the store keeps what was committed before it .*the studies committed so far/,
      );
    } finally {
      fixture.emulator.setFaults([]);
    }
    const store = await openStore(file);
    try {
      const studies = (await store.query("SELECT DISTINCT study_id FROM brandscape_data ORDER BY 1")).values.map((row) =>
        Number((row as unknown[])[0]),
      );
      expect(studies).toEqual([1]);
      expect(
        (await fixture.client.sync(store, "brandscapeData", { studies: [1, 2, 3], metricKeys: ["differentiation"] })).partitions,
      ).toEqual({
        replaced: [2, 3],
        removed: [],
      });
    } finally {
      await store.close();
    }
  });
});

/** Nothing but a store's use loads DuckDB: a CLI bundled with every dependency holds none of it (case 15). */
describe("the CLI bundled with its dependencies", () => {
  let folder = "";
  beforeAll(() => {
    folder = readableFolder();
    bundleInto(folder, { cli: join(ROOT, "src/cli/main.ts"), emulator: join(ROOT, "src/emulator/index.ts") });
  }, 180_000);
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const why = whyNotNobody();
  const maybe = why ? it.skip : it;
  maybe(
    "as nobody, refuses a store whose folder or killed run's log it may not write, before DuckDB opens it: exit 2, the files as they were",
    async () => {
      const place = join(folder, "stores");
      mkdirSync(place);
      const file = join(place, "s.duckdb");
      // a killed run's leftovers: a database, its write-ahead log and the store's mark of it
      const instance = await DuckDBInstance.create(file);
      const connection = await instance.connect();
      await connection.run(
        "PRAGMA disable_checkpoint_on_shutdown; SET checkpoint_threshold = '1GB'; CREATE TABLE t AS SELECT range AS id FROM range(10)",
      );
      connection.closeSync();
      instance.closeSync();
      writeFileSync(`${file}.wal.fountframe`, "1\n");
      for (const name of ["", ".wal", ".wal.fountframe"]) chownSync(`${file}${name}`, 65534, 65534);
      chownSync(place, 65534, 65534);
      const sha256 = () =>
        ["", ".wal"].map((name) =>
          createHash("sha256")
            .update(readFileSync(`${file}${name}`))
            .digest("hex"),
        );
      const before = sha256();
      const syncAsNobody = () =>
        runCommand(
          "sh",
          ["-c", `${AS_NOBODY.join(" ")} "${process.execPath}" "${join(folder, "cli.cjs")}" sync brands --store "${file}"`],
          {
            env: cleanEnv({ FOUNT_API_TOKEN: "t", FOUNT_BASE_URL: "http://127.0.0.1:9/api/v2/" }),
            cwd: "/",
          },
        );
      chmodSync(place, 0o555);
      const readOnlyFolder = await syncAsNobody();
      expect([readOnlyFolder.code, readOnlyFolder.stderr]).toEqual([
        2,
        expect.stringMatching(/s\.duckdb cannot be written: .* and its folder .*stores is not \(EACCES\); nothing was opened/),
      ]);
      expect(sha256()).toEqual(before);
      chmodSync(place, 0o755);
      chmodSync(`${file}.wal`, 0o444);
      const readOnlyLog = await syncAsNobody();
      expect([readOnlyLog.code, readOnlyLog.stderr]).toEqual([
        2,
        expect.stringMatching(/cannot be written: .* and s\.duckdb\.wal beside it is not \(EACCES\)/),
      ]);
      expect(sha256()).toEqual(before);
    },
  );

  it("builds without DuckDB's native bindings inside, and loads it only when a store is opened", () => {
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
