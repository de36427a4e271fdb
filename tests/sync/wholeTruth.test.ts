import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { Client } from "../../src/client/client";
import { openStore, type Store } from "../../src/store";
import { IncompletePullError } from "../../src/sync/types";
import { AuthenticationError, InconsistentPagesError, NotFoundError, ValidationError, ValueError } from "../../src/errors";
import { captureWarnings } from "../client/fixture";

const TOKEN = "sync-token-s3cr3t";
const STUDIES = { studies: [1, 2, 3], metricKeys: "differentiation" };

/** Only a whole pull is committed, whatever onErrors says; the store touches no table it did not make. */
describe("sync commits only whole truth, into tables it made", () => {
  let emulator: Emulator;
  let client: Client;
  let dir: string;
  let store: Store;
  const count = async (sql: string) => Number((await store.query(sql)).column("n").values[0]);
  const snapshot = async (table: string) => [
    (await store.query(`SELECT * FROM ${table} ORDER BY id`)).values,
    (await store.query("SELECT * FROM fountframe_sync ORDER BY 1")).values,
  ];

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false, token: TOKEN });
    // the default onErrors: "warn" (a page that fails after its retries is skipped by a pull)
    client = new Client(TOKEN, { baseUrl: emulator.url, verbose: false, retries: 0 });
    dir = mkdtempSync(join(tmpdir(), "fountframe-truth-"));
    store = await openStore(join(dir, "fount.duckdb"));
  });
  afterEach(async () => {
    emulator.setFaults([]);
    await store.close();
    await client.aclose();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a first page that failed on the service's side is a pull not whole too; one the service refused is its own error", async () => {
    await client.sync(store, "brands", {});
    const before = await snapshot("brands");
    for (const [resource, method, options] of [
      ["brands", "brands", {}],
      ["studies", "brandscapeData", STUDIES],
      ["brandscape-data", "brandscapeData", STUDIES],
    ] as const) {
      emulator.setFaults([{ kind: "status", status: 503, resource, page: 1 }]);
      const failed = await client.sync(store, method, { ...options, table: "t" }).catch((error: unknown) => error);
      expect([resource, failed]).toEqual([resource, expect.any(IncompletePullError)]);
      expect((failed as IncompletePullError).reason).toMatch(/page 1 failed: HTTP 503/);
      expect((failed as Error).cause).toMatchObject({ status: 503 });
    }
    emulator.setFaults([{ kind: "status", status: 401, resource: "brands", page: 1 }]);
    const refused = await client.sync(store, "brands", {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect(await snapshot("brands")).toEqual(before);
  });

  it("fails a full run whose page 2 failed under onErrors warn, naming the page's error, and keeps the rows (case 1)", async () => {
    await client.sync(store, "brands", {});
    const before = await snapshot("brands");
    emulator.setFaults([{ kind: "status", status: 503, resource: "brands", page: 2 }]);
    const { result } = await captureWarnings(() =>
      client.sync(store, "brands", { mode: "full" }).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    expect(result).toBeInstanceOf(IncompletePullError);
    expect(String(result)).toMatch(
      /sync of brands \(brands\): page 2 failed: HTTP 503 from .*: Service Unavailable; nothing of it was committed/,
    );
    expect((result as Error).cause).toMatchObject({ status: 503 });
    expect(await snapshot("brands")).toEqual(before);
    // a refusal is told with the service's words, not as a page that never answered
    emulator.setFaults([{ kind: "status", status: 403, resource: "brands", page: 2 }]);
    const refused = await client.sync(store, "brands", { mode: "full" }).catch((error: unknown) => error);
    expect(String(refused)).toMatch(/page 2 failed: HTTP 403 /);
  });

  it("fails a study whose page was skipped: its rows and mark stay, so the next run repairs it (case 1)", async () => {
    await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 });
    const before = await snapshot("brandscape_data");
    emulator.revise({ studies: [2] });
    emulator.setFaults([{ kind: "status", status: 503, resource: "brandscape-data", page: 2, times: 1 }]);
    const { result } = await captureWarnings(() =>
      client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 }).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    expect(String(result)).toMatch(/study 2: page 2 failed: HTTP 503/);
    expect(await snapshot("brandscape_data")).toEqual(before);
    const repaired = await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 });
    expect(repaired.partitions).toEqual({ replaced: [2], removed: [] });
  });

  it("a failed first run leaves no state of a table it never made; a failed full run says its studies lost their marks", async () => {
    emulator.setFaults([{ kind: "status", status: 503, resource: "brandscape-data", page: 2, times: 1 }]);
    const first = await captureWarnings(() =>
      client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 }).catch((error: unknown) => error),
    );
    expect(first.result).toBeInstanceOf(IncompletePullError);
    expect(await store.tables()).toEqual([]);
    // so another query into that name is a first run, not "holds a sync of"
    await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 });
    emulator.setFaults([{ kind: "status", status: 503, resource: "brandscape-data", page: 2, times: 1 }]);
    const full = await captureWarnings(() =>
      client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100, mode: "full" }).catch((error: unknown) => error),
    );
    expect(full.result).toBeInstanceOf(IncompletePullError);
    expect(String(full.result)).toMatch(/their rows are as they were, without their marks, which this "full" run forgot/);
    expect(String(full.result)).not.toMatch(/marks are as they were/);
    // the group's reason, told with what a full run leaves
    const told = full.result as IncompletePullError;
    expect(told.reason).toMatch(/page 2 failed: HTTP 503/);
    expect(told.message).toBe(`${told.reason}; ${told.left}`);
  });

  it("a study a failed full run left without its mark is removed by the next incremental run once the service no longer lists it (round 10)", async () => {
    await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 });
    emulator.setFaults([{ kind: "status", status: 503, resource: "brandscape-data", page: 2, times: 1 }]);
    const full = await captureWarnings(() =>
      client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100, mode: "full" }).catch((error: unknown) => error),
    );
    expect(full.result).toBeInstanceOf(IncompletePullError);
    emulator.remove({ resource: "studies", ids: [3] });
    const next = await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 });
    expect(next).toMatchObject({ mode: "incremental", partitions: { replaced: [1, 2], removed: [3] } });
    expect(await count("SELECT count(*) AS n FROM brandscape_data WHERE study_id = 3")).toBe(0);
    const again = await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 });
    expect(again.partitions).toEqual({ replaced: [], removed: [] });
  });

  it("refuses a study whose mark moved but whose data came back without rows, in a later group of the run: the earlier ones stay committed", async () => {
    await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 });
    const rowsOf = async (study: number) =>
      (await store.query(`SELECT * FROM brandscape_data WHERE study_id = ${study} ORDER BY id`)).values;
    const [twoBefore, threeBefore] = [await rowsOf(2), await rowsOf(3)];
    const marksBefore = JSON.parse(String((await store.query("SELECT study_marks FROM fountframe_sync")).values[0]));
    emulator.revise({ studies: [2, 3] });
    // the run pulls study 2 alone, then study 3: the first pull answers as usual, the second with no records (and a meta that says none)
    const none = { data: [], meta: { current_page: 1, last_page: 1, per_page: 100, total: 0, from: null, to: null } };
    emulator.setFaults([
      { kind: "rateHeaders", headers: {}, resource: "brandscape-data", page: 1, times: 1 },
      { kind: "status", status: 200, body: JSON.stringify(none), resource: "brandscape-data", page: 1, times: 1 },
    ]);
    const refused = await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IncompletePullError);
    expect((refused as IncompletePullError).reason).toMatch(
      /study 3: the lookup lists 3 \(data_updated_at [^)]*: it has data\) but the brandscape data came back without rows of it/,
    );
    // what the run leaves: the group before it committed
    expect((refused as IncompletePullError).left).toBe(
      "study 2, committed by this run before it, stays; nothing of these studies was committed: their rows and marks are as they were",
    );
    const marks = JSON.parse(String((await store.query("SELECT study_marks FROM fountframe_sync")).values[0]));
    expect(marks["3"]).toBe(marksBefore["3"]);
    expect(marks["2"]).not.toBe(marksBefore["2"]);
    expect(await rowsOf(3)).toEqual(threeBefore);
    expect(await rowsOf(2)).not.toEqual(twoBefore);
    emulator.setFaults([]);
    const repaired = await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 });
    expect(repaired.partitions).toEqual({ replaced: [3], removed: [] });
  });

  it("a failed group's left says the rows of the studies gone were removed by the run, committed before its groups", async () => {
    await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 });
    emulator.remove({ resource: "studies", ids: [1] });
    emulator.revise({ studies: [2, 3] });
    // the check that study 1 has no data left and study 2's pull answer as usual, study 3's fails
    emulator.setFaults([
      { kind: "rateHeaders", headers: {}, resource: "brandscape-data", page: 1, times: 2 },
      { kind: "status", status: 503, resource: "brandscape-data", page: 1 },
    ]);
    const refused = await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 100 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IncompletePullError);
    expect((refused as IncompletePullError).left).toBe(
      "the rows of study 1, which the service no longer lists, were removed by this run; " +
        "study 2, committed by this run before it, stays; nothing of these studies was committed: their rows and marks are as they were",
    );
    expect(await count("SELECT count(*) AS n FROM brandscape_data WHERE study_id = 1")).toBe(0);
  });

  it("fails a pull whose pages shifted (records inserted mid-pull): no id twice, none missing (case 2)", async () => {
    await client.sync(store, "brands", {});
    const before = await snapshot("brands");
    emulator.setFaults([{ kind: "recordsInserted", count: 2, resource: "brands", page: 3 }]);
    const { result } = await captureWarnings(() =>
      client.sync(store, "brands", { mode: "full" }).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    expect(result).toBeInstanceOf(IncompletePullError);
    expect(String(result)).toMatch(/meta\.total changed during the pull: page 1 said 439, page 3 said 441/);
    expect(await snapshot("brands")).toEqual(before);
    expect(await count("SELECT count(*) - count(DISTINCT id) AS n FROM brands")).toBe(0);
  });

  it("under onErrors raise, pages that disagree are an IncompletePullError too (the pull's InconsistentPagesError its cause)", async () => {
    await client.sync(store, "brands", {});
    const before = await snapshot("brands");
    const raising = new Client(TOKEN, { baseUrl: emulator.url, verbose: false, retries: 0, onErrors: "raise" });
    try {
      const runs = [
        ["brands", "brands", { mode: "full" }],
        ["brandscape-data", "brandscapeData", { ...STUDIES, perPage: 100, table: "bd" }],
        ["brandscape-data", "brandscapeData", { ...STUDIES, perPage: 100, table: "bd", mode: "full" }],
      ] as const;
      for (const [resource, method, options] of runs) {
        emulator.setFaults([{ kind: "recordsInserted", count: 2, resource, page: 2 }]);
        const error = await raising.sync(store, method, options).catch((e: unknown) => e);
        expect([resource, error]).toEqual([resource, expect.any(IncompletePullError)]);
        // a full brandscape run tells its group's error again, with the same cause
        expect([resource, (error as Error).cause]).toEqual([resource, expect.any(InconsistentPagesError)]);
        expect(String(error)).toMatch(/nothing of (it|this full run|these studies) was committed/);
      }
    } finally {
      await raising.aclose();
    }
    expect(await snapshot("brands")).toEqual(before);
    expect((await store.tables()).map((t) => t.table)).toEqual(["brands"]);
  });

  it("keeps every study when the study lookup's page is empty while its total says otherwise, even under raise (case 3)", async () => {
    await client.sync(store, "brandscapeData", STUDIES);
    const before = await snapshot("brandscape_data");
    emulator.setFaults([{ kind: "emptyPage", resource: "studies", page: 1 }]);
    const raising = new Client(TOKEN, { baseUrl: emulator.url, verbose: false, retries: 0, onErrors: "raise" });
    for (const mode of ["auto", "full"] as const) {
      await expect(raising.sync(store, "brandscapeData", { ...STUDIES, mode })).rejects.toThrow(
        /the study lookup: page 1 failed: .*the list's page came back without records while its meta.total says \d+; nothing of it was committed/,
      );
    }
    await raising.aclose();
    expect(await snapshot("brandscape_data")).toEqual(before);
  });

  it("keeps a study the lookup leaves out while its brandscape data is still served, in either mode (round 17)", async () => {
    await client.sync(store, "brandscapeData", STUDIES);
    const before = await snapshot("brandscape_data");
    // the lookup's page drops study 3 (its total one less), while brandscape data still serves its rows
    emulator.setFaults([{ kind: "recordsDeleted", resource: "studies", page: 1, count: 1 }]);
    for (const mode of ["auto", "full"] as const) {
      await expect(client.sync(store, "brandscapeData", { ...STUDIES, mode })).rejects.toThrow(
        /^sync of brandscape_data: the study lookup no longer lists study \d, yet the query's brandscape data still has rows of it \(meta\.total \d+\): their rows are not removed on the lookup's word/,
      );
      expect(await snapshot("brandscape_data")).toEqual(before);
    }
    emulator.setFaults([]);
    expect((await client.sync(store, "brandscapeData", STUDIES)).partitions).toEqual({ replaced: [], removed: [] });
  });

  it("keeps every study when an empty lookup is checked against brandscape data whose page 1 is empty too while its meta says records", async () => {
    await client.sync(store, "brandscapeData", STUDIES);
    const before = await snapshot("brandscape_data");
    const none = { data: [], meta: { current_page: 1, last_page: 1, per_page: 1000, total: 0, from: null, to: null } };
    emulator.setFaults([
      { kind: "status", status: 200, resource: "studies", page: 1, body: JSON.stringify(none) },
      { kind: "emptyPage", resource: "brandscape-data", page: 1 },
    ]);
    const failed = await client.sync(store, "brandscapeData", { ...STUDIES, mode: "full" }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(IncompletePullError);
    expect(String(failed)).toMatch(
      /the brandscape data asked whether it has none: page 1 failed: .*the list's page came back without records while its meta.total says \d+/,
    );
    emulator.setFaults([
      { kind: "status", status: 200, resource: "studies", page: 1, body: JSON.stringify(none) },
      { kind: "status", status: 503, resource: "brandscape-data", page: 1 },
    ]);
    const down = await client.sync(store, "brandscapeData", STUDIES).catch((error: unknown) => error);
    expect(down).toBeInstanceOf(IncompletePullError);
    expect((down as Error).cause).toMatchObject({ status: 503 });
    expect(await snapshot("brandscape_data")).toEqual(before);
  });

  it.each([
    [
      "its meta says records",
      { kind: "emptyPage" as const },
      /page 1 failed: .*the list's page came back without records while its meta.total says 439; nothing of it was committed/,
    ],
    [
      "it has no meta",
      { kind: "status" as const, status: 200, body: '{"data":[]}' },
      /page 1 came back without records and said neither meta.total nor meta.last_page/,
    ],
  ])("a full run whose page 1 came back empty while %s keeps every row, under raise too (round 10)", async (_, fault, said) => {
    await client.sync(store, "brands", {});
    const before = await snapshot("brands");
    emulator.setFaults([{ ...fault, resource: "brands", page: 1 }]);
    const raising = new Client(TOKEN, { baseUrl: emulator.url, verbose: false, retries: 0, onErrors: "raise" });
    for (const syncing of [client, raising]) {
      const failed = await syncing.sync(store, "brands", { mode: "full" }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(IncompletePullError);
      expect(String(failed)).toMatch(said);
    }
    await raising.aclose();
    expect(await snapshot("brands")).toEqual(before);
  });

  it("keeps every study when a later page of the study lookup says another last page, under the default onErrors warn", async () => {
    // the lookup asks 1,000 studies a page; a service of 50 a page gives it several
    const paged = await startEmulator({ rateLimit: false, token: TOKEN, maxPerPage: 50 });
    const pagedClient = new Client(TOKEN, { baseUrl: paged.url, verbose: false, retries: 0 });
    try {
      await pagedClient.sync(store, "brandscapeData", { ...STUDIES, table: "bd_paged" });
      const before = await snapshot("bd_paged");
      paged.revise({ studies: [1] });
      paged.setFaults([{ kind: "lastPage", lastPage: 2, resource: "studies", page: 2 }]);
      const { result } = await captureWarnings(() =>
        pagedClient.sync(store, "brandscapeData", { ...STUDIES, table: "bd_paged" }).catch((error: unknown) => error),
      );
      expect(result).toBeInstanceOf(IncompletePullError);
      expect(String(result)).toMatch(/the study lookup: .*meta\.last_page.*nothing of it was committed/);
      expect(await snapshot("bd_paged")).toEqual(before);
      paged.setFaults([]);
      expect(await pagedClient.sync(store, "brandscapeData", { ...STUDIES, table: "bd_paged" })).toMatchObject({ mode: "incremental" });
    } finally {
      await pagedClient.aclose();
      await paged.close();
    }
  });

  it("types whole numbers BIGINT as Parquet and Arrow do, above 2^31 too, and gives them back as pulled (issue 44)", async () => {
    emulator.setFaults([{ kind: "revised", resource: "brands", field: "reach", value: 3_000_000_000 }]);
    await client.sync(store, "brands", {});
    const types = await store.query(
      "SELECT data_type FROM information_schema.columns WHERE table_name = 'brands' AND column_name IN ('id', 'reach') ORDER BY column_name",
    );
    expect(types.values).toEqual([["BIGINT"], ["BIGINT"]]);
    expect((await store.query("SELECT DISTINCT reach FROM brands")).values).toEqual([[3_000_000_000]]);
  });

  it("gives a text's leading U+FEFF back as it was pulled (issue 44)", async () => {
    emulator.setFaults([{ kind: "revised", resource: "brands", field: "note", value: "\uFEFFnote" }]);
    await client.sync(store, "brands", {});
    expect((await store.query("SELECT DISTINCT note FROM brands")).values).toEqual([["\uFEFFnote"]]);
  });

  it("writes a lone surrogate as U+FFFD and warns once, as Parquet does (issue 44)", async () => {
    emulator.setFaults([{ kind: "revised", resource: "brands", field: "note", value: "a\ud800b" }]);
    const { warnings } = await captureWarnings(() => client.sync(store, "brands", {}));
    expect(warnings.filter((warning) => warning.code === "FOUNTFRAME_LONE_SURROGATE")).toHaveLength(1);
    expect((await store.query("SELECT DISTINCT note FROM brands")).values).toEqual([["a\ufffdb"]]);
  });

  it.each([
    ["2024-01-31 12:00:00", "VARCHAR"],
    ["2024-01-31T12:00:00+02:00", "VARCHAR"],
    ["2024-01-31T12:00:00.000000Z", "TIMESTAMP"],
    ["2024-01-31", "DATE"],
  ])("gives the timestamp or date %s back as pulled (a %s column) (issue 44)", async (value, type) => {
    emulator.setFaults([{ kind: "revised", resource: "brands", field: "stamp", value }]);
    await client.sync(store, "brands", {});
    const types = await store.query(
      "SELECT data_type FROM information_schema.columns WHERE table_name = 'brands' AND column_name = 'stamp'",
    );
    expect(types.values).toEqual([[type]]);
    expect((await store.query("SELECT DISTINCT stamp FROM brands")).values).toEqual([[value]]);
  });

  it("makes a date column that later holds timestamps text, each cell as pulled (issue 44)", async () => {
    emulator.setFaults([{ kind: "revised", resource: "brands", field: "stamp", value: "2024-01-31" }]);
    await client.sync(store, "brands", {});
    emulator.setFaults([
      { kind: "revised", resource: "brands", field: "stamp", value: "2024-02-01T08:30:00.000000Z", page: 1 },
      { kind: "revised", resource: "brands", field: "stamp", value: "2024-01-31" },
    ]);
    const report = await client.sync(store, "brands", { mode: "full" });
    expect(report.widenedColumns).toEqual(["stamp: DATE -> VARCHAR"]);
    const cells = (await store.query("SELECT DISTINCT stamp FROM brands WHERE stamp IS NOT NULL ORDER BY 1")).values.flat();
    expect(cells).toEqual(["2024-01-31", "2024-02-01T08:30:00.000000Z"]);
  });

  it("refuses a column's widening in a table with a user's index by name, before DuckDB's bare abort; the table as it was", async () => {
    emulator.setFaults([{ kind: "revised", resource: "brands", field: "reach", value: 5 }]);
    await client.sync(store, "brands", {});
    await store.query("CREATE INDEX by_name ON brands(name)");
    const before = await snapshot("brands");
    emulator.setFaults([{ kind: "revised", resource: "brands", field: "reach", value: "n/a" }]);
    const refused = await client.sync(store, "brands", { mode: "full" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValueError);
    expect(String(refused)).toMatch(
      /column "reach" widened from BIGINT to VARCHAR.*other entries depend on the table \(index "main"."by_name"\): drop them \(DROP INDEX "main"."by_name"\)/,
    );
    expect(await snapshot("brands")).toEqual(before);
  });

  it("keeps one row per id in every table: id is the primary key", async () => {
    await client.sync(store, "brands", {});
    const keys = await store.query(
      "SELECT table_name, constraint_column_names FROM duckdb_constraints() WHERE constraint_type = 'PRIMARY KEY' ORDER BY 1",
    );
    expect(keys.values).toEqual([
      ["brands", "['id']"],
      ["fountframe_sync", "['table']"],
    ]);
    await expect(store.query("INSERT INTO brands (id) SELECT min(id) FROM brands")).rejects.toThrow(/primary key/i);
  });

  it("remembers the service: a sync from another base URL is refused naming both, unless full (case 6)", async () => {
    await client.sync(store, "brands", {});
    const other = await startEmulator({ rateLimit: false, token: TOKEN, seed: 7 });
    const elsewhere = new Client(TOKEN, { baseUrl: other.url, verbose: false });
    try {
      const refused = elsewhere.sync(store, "brands", {});
      await expect(refused).rejects.toThrow(ValidationError);
      await expect(refused).rejects.toThrow(`brands was synced from ${emulator.url}, not from ${other.url}`);
      expect(other.stats.log).toHaveLength(0);
      await elsewhere.sync(store, "brands", { mode: "full" });
      expect((await store.tables())[0]).toMatchObject({ table: "brands", service: other.url });
      expect(JSON.stringify((await store.query("SELECT * FROM fountframe_sync")).values)).not.toContain(TOKEN);
    } finally {
      await elsewhere.aclose();
      await other.close();
    }
  });

  it("takes the same options in any key order as the same query (case 14)", async () => {
    await client.sync(store, "brandscapeData", { studies: [1, 2], metricKeys: ["differentiation"], filters: { audiences: [1] } });
    const again = await client.sync(store, "brandscapeData", {
      filters: { audiences: [1] },
      metricKeys: ["differentiation"],
      studies: [1, 2],
    });
    expect(again).toMatchObject({ mode: "incremental", added: 0, updated: 0, removed: 0 });
  });

  it("refuses a table it did not make, in any case, before any request; full with replaceUntrackedTable replaces it (cases 7, 8)", async () => {
    await store.query("CREATE TABLE brands (id INTEGER, mine VARCHAR); INSERT INTO brands VALUES (1, 'theirs')");
    emulator.resetStats();
    for (const options of [{}, { mode: "full" as const }, { table: "BRANDS" }, { table: "Brands", mode: "full" as const }]) {
      await expect(client.sync(store, "brands", options)).rejects.toThrow(/^table: brands is a table this store did not make/);
    }
    await expect(client.sync(store, "brands", { replaceUntrackedTable: true })).rejects.toThrow(
      /^replaceUntrackedTable: only with mode: "full"/,
    );
    await expect(client.sync(store, "brands", { table: "FOUNTFRAME_SYNC" })).rejects.toThrow(
      /^table: a table name .*not starting fountframe_/,
    );
    await store.query("CREATE TABLE Fountframe_Staging (x INTEGER)");
    await expect(client.sync(store, "regions", {})).rejects.toThrow(/^store: a store without a table named Fountframe_Staging/);
    await store.query("DROP TABLE fountframe_staging");
    expect(emulator.stats.log).toHaveLength(0);
    expect((await store.query("SELECT * FROM brands")).values).toEqual([[1, "theirs"]]);

    const report = await client.sync(store, "brands", { mode: "full", replaceUntrackedTable: true });
    expect(report).toMatchObject({ table: "brands", mode: "full" });
    const columns = (await store.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'brands'")).values.flat();
    expect(columns).not.toContain("mine");
    // tracked now, in the spelling it was synced under; another case is the same table
    expect(await client.sync(store, "brands", { table: "BRANDS" })).toMatchObject({ table: "brands", mode: "incremental" });
    expect((await store.tables()).map((t) => t.table)).toEqual(["brands"]);
  });

  it("an item query whose item was deleted removes its row; one never synced fails, making nothing", async () => {
    await client.sync(store, "brands", { brandId: 3 });
    emulator.remove({ resource: "brands", ids: [3] });
    for (const mode of ["auto", "full"] as const) {
      const report = await client.sync(store, "brands", { brandId: 3, mode });
      expect(report).toMatchObject({ mode: "full", removed: mode === "auto" ? 1 : 0, rows: 0, requests: 1 });
    }
    expect(await count("SELECT count(*) AS n FROM brands")).toBe(0);
    const never = await client.sync(store, "brands", { brandId: 3, table: "never" }).catch((error: unknown) => error);
    expect(never).toBeInstanceOf(NotFoundError);
    expect((await store.tables()).map((t) => t.table)).toEqual(["brands"]);
  });

  it("a first brandscape run that finds no study makes its table empty; a study that comes later is pulled into it", async () => {
    const query = { countryCode: "CZ", yearNumber: 2013, metricKeys: "differentiation", table: "cz_2013" };
    expect(await client.sync(store, "brandscapeData", query)).toMatchObject({ mode: "full", rows: 0, partitions: { replaced: [] } });
    expect(await count("SELECT count(*) AS n FROM cz_2013")).toBe(0);
    expect((await store.tables()).map((t) => [t.table, t.rows])).toEqual([["cz_2013", 0]]);
    const added = emulator.addStudy({ country: "CZ", year: 2013 });
    const report = await client.sync(store, "brandscapeData", query);
    expect(report).toMatchObject({ mode: "incremental", partitions: { replaced: [added.id], removed: [] } });
    expect(await count("SELECT count(DISTINCT study_id) AS n FROM cz_2013")).toBe(1);
  });
});
