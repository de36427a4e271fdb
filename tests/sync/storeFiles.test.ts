import { spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, StoreBusyError, type Store } from "../../src/store";
import { ValidationError, ValueError } from "../../src/errors";
import { withDuckDB } from "./helpers/storeFixture";

/** What openStore opens, what a store's SQL and exports may do: nothing here crosses the wire. */
describe("the store owns only what it made", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "fountframe-store-files-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("holds one handle per file per process, by any path to it (case 4)", async () => {
    const file = join(dir, "fount.duckdb");
    const store = await openStore(file);
    symlinkSync(file, join(dir, "link.duckdb"));
    // a hard link is another name of the same file: told apart only by device and inode
    linkSync(file, join(dir, "hard.duckdb"));
    for (const other of [file, join(dir, ".", "fount.duckdb"), join(dir, "link.duckdb"), join(dir, "hard.duckdb")]) {
      await expect(openStore(other)).rejects.toThrow(StoreBusyError);
      await expect(openStore(other)).rejects.toThrow(/is already open in this process: use the store openStore gave/);
    }
    await store.query("CREATE TABLE kept AS SELECT 1 AS id");
    await store.close();
    const again = await openStore(join(dir, "link.duckdb"));
    expect((await again.query("SELECT id FROM kept")).values).toEqual([[1]]);
    await expect(openStore(join(dir, "hard.duckdb"))).rejects.toThrow(StoreBusyError);
    await again.close();
    const byHardLink = await openStore(join(dir, "hard.duckdb"));
    await expect(openStore(file)).rejects.toThrow(StoreBusyError);
    await byHardLink.close();
  });

  it("refuses a link in a loop of links, creating nothing", async () => {
    symlinkSync("b.duckdb", join(dir, "a.duckdb"));
    symlinkSync("a.duckdb", join(dir, "b.duckdb"));
    await expect(openStore(join(dir, "a.duckdb"))).rejects.toThrow(ValueError);
    await expect(openStore(join(dir, "a.duckdb"))).rejects.toThrow(
      /is a link in a loop of symbolic links \(nothing was opened or created\)$/,
    );
    expect(readdirSync(dir).sort()).toEqual(["a.duckdb", "b.duckdb"]);
    // an export into such a loop is refused as clearly
    const store = await openStore(join(dir, "fount.duckdb"));
    try {
      await store.query("CREATE TABLE t AS SELECT 1 AS id, 2 AS k");
      for (const [out, partitionBy] of [
        ["a.duckdb", undefined],
        [join("a.duckdb", "sub"), ["k"]],
      ] as const)
        await expect(store.writeParquet("t", join(dir, out), partitionBy ? { partitionBy: [...partitionBy] } : {})).rejects.toThrow(
          /^cannot write .*: it is a link in a loop of symbolic links \(nothing was written\)$/,
        );
    } finally {
      await store.close();
    }
  });

  it("makes a new store through a link to a file not there yet at the link's target: one store by either path", async () => {
    mkdirSync(join(dir, "real"));
    const target = join(dir, "real", "fount.duckdb");
    symlinkSync(join("real", "fount.duckdb"), join(dir, "dangling.duckdb"));
    const store = await openStore(join(dir, "dangling.duckdb"));
    try {
      await expect(openStore(target)).rejects.toThrow(StoreBusyError);
      expect(existsSync(target)).toBe(true);
      await store.query("CREATE TABLE mine AS SELECT 1 AS x");
      // DuckDB opened the target, so its log (and the store's mark of it) goes beside the file, not the link
      const attached = await store.query("SELECT path FROM duckdb_databases() WHERE database_name = current_database()");
      expect(attached.column("path").values).toEqual([target]);
      expect(readdirSync(dir).sort()).toEqual(["dangling.duckdb", "real"]);
    } finally {
      await store.close();
    }
    const again = await openStore(target);
    expect((await again.query("SELECT x FROM mine")).column("x").values).toEqual([1]);
    await again.close();
  });

  it("knows a file it made by its inode too: a hard link made after is the same store", async () => {
    const file = join(dir, "made.duckdb");
    const store = await openStore(file);
    linkSync(file, join(dir, "made-hard.duckdb"));
    await expect(openStore(join(dir, "made-hard.duckdb"))).rejects.toThrow(StoreBusyError);
    await store.close();
  });

  it.each([
    ["data.csv", "id,name\n1,a\n"],
    ["data.json", '[{"id": 1}]'],
    ["data.parquet", "PAR1\0\0\0\0PAR1"],
    ["empty.duckdb", ""],
  ])("refuses %s: not a DuckDB database, left as it was (case 5)", async (name, content) => {
    const file = join(dir, name);
    writeFileSync(file, content);
    await expect(openStore(file)).rejects.toThrow(ValueError);
    await expect(openStore(file)).rejects.toThrow(new RegExp(`the store .*${name.replace(".", "\\.")} is not a DuckDB database`));
    expect(readFileSync(file, "utf8")).toBe(content);
    expect(readdirSync(dir)).toEqual([name]);
  });

  it.each(["data.csv", "data.JSON", "data.parquet", "rows.ndjson.gz", "book.xlsx"])(
    "refuses to make a store named as data (%s), and makes nothing (case 5)",
    async (name) => {
      const file = join(dir, name);
      await expect(openStore(file)).rejects.toThrow(ValueError);
      await expect(openStore(file)).rejects.toThrow(/would be a DuckDB database named as data .*nothing was created/);
      expect(readdirSync(dir)).toEqual([]);
    },
  );

  it("refuses a file in a folder that does not exist, naming the folder, and makes nothing", async () => {
    const file = join(dir, "missing", "fount.duckdb");
    await expect(openStore(file)).rejects.toThrow(ValueError);
    await expect(openStore(file)).rejects.toThrow(/its folder .*missing does not exist \(nothing was created\)/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a folder, and opens a missing file only when asked to create it (case 11)", async () => {
    await expect(openStore(dir)).rejects.toThrow(/is not a file/);
    const missing = join(dir, "typo.duckdb");
    await expect(openStore(missing, { create: false })).rejects.toThrow(/typo\.duckdb does not exist \(nothing was created\)/);
    expect(existsSync(missing)).toBe(false);
    await expect(openStore(":memory:")).rejects.toThrow(ValidationError);
    // a folder's name that is not there yet: never made a file of
    for (const ending of ["/", "/.", "/.."])
      await expect(openStore(join(dir, "newdir") + ending)).rejects.toThrow(
        /path: .*newdir\/\.{0,2}": a folder's name \(it ends in "\/", "\/\." or "\/\.\."\)/,
      );
    expect(existsSync(join(dir, "newdir"))).toBe(false);
  });

  it("tells a DuckDB file DuckDB cannot read (damaged, cut short, another version) from one in use: a ValueError with DuckDB's reason", async () => {
    const good = join(dir, "good.duckdb");
    {
      const store = await openStore(good);
      await store.query("CREATE TABLE t AS SELECT range AS id FROM range(100000)");
      await store.close();
    }
    const bytes = readFileSync(good);
    const version = Buffer.from(bytes);
    version.writeBigUInt64LE(999n, 12); // the storage version, after the checksum and "DUCK"
    const zeroed = Buffer.from(bytes);
    zeroed.fill(0, 4096, 3 * 4096); // a block of the header zero-filled
    const files = { "version.duckdb": version, "zeroed.duckdb": zeroed, "cut.duckdb": bytes.subarray(0, 4096 + 100) };
    for (const [name, content] of Object.entries(files)) {
      const file = join(dir, name);
      writeFileSync(file, content);
      const error: unknown = await openStore(file).then(
        (store) => store.close(),
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(ValueError);
      expect(error).not.toBeInstanceOf(StoreBusyError);
      expect((error as Error).message).toMatch(
        new RegExp(`^the store .*${name} could not be opened as a DuckDB database \\(.*nothing was written\\): DuckDB: IO Error: `),
      );
      expect((error as Error).message).not.toMatch(/in use by another process/);
      expect(readFileSync(file).equals(content)).toBe(true);
      expect(existsSync(`${file}.wal`)).toBe(false);
    }
  });

  it("refuses a write-ahead log it did not leave (case 10)", async () => {
    const file = join(dir, "fount.duckdb");
    await (await openStore(file)).close();
    writeFileSync(`${file}.wal`, "a stranger's log");
    await expect(openStore(file)).rejects.toThrow(/has a write-ahead log beside it .* that fountframe did not leave/);
    // a log without its database
    const lonely = join(dir, "new.duckdb");
    writeFileSync(`${lonely}.wal`, "a stranger's log");
    await expect(openStore(lonely)).rejects.toThrow(/that has no database/);
    expect(existsSync(lonely)).toBe(false);
    // another user's log, even beside the store's own mark
    writeFileSync(`${file}.wal.fountframe`, "1\n");
    if (process.getuid?.() === 0) {
      chownSync(`${file}.wal`, 65534, 65534);
      await expect(openStore(file)).rejects.toThrow(/belongs to another user \(uid 65534/);
      // a user who may write the database (a store shared by mode 666), with a mark of that user's: the log is a store's, not refused as a stranger's
      chmodSync(file, 0o666);
      chownSync(`${file}.wal.fountframe`, 65534, 65534);
      const replayed = await openStore(file).then(
        (store) => store.close(),
        (error: unknown) => error,
      );
      expect(String(replayed)).not.toMatch(/belongs to another user|did not leave/);
      // the mark of another user than the log's: refused
      writeFileSync(`${file}.wal`, "a stranger's log");
      chownSync(`${file}.wal`, 65534, 65534);
      chownSync(`${file}.wal.fountframe`, 0, 0);
      await expect(openStore(file)).rejects.toThrow(/belongs to another user/);
    }
  });

  it("takes no file named as another database's log or mark for a store, and never removes or replays another store there", async () => {
    const file = join(dir, "a.duckdb");
    for (const name of [`${file}.wal`, `${file}.wal.fountframe`, join(dir, "b.duckdb.WAL")])
      await expect(openStore(name)).rejects.toThrow(
        /is named as the write-ahead log of a database beside it .*nothing was opened or created/,
      );
    expect(readdirSync(dir)).toEqual([]);
    // another program's database, at the paths of a store's log and mark: refused by name, left as they were
    await withDuckDB(join(dir, "other.duckdb"), "CREATE TABLE kept AS SELECT 42 AS answer");
    const theirs = readFileSync(join(dir, "other.duckdb"));
    await (await openStore(file)).close();
    writeFileSync(`${file}.wal.fountframe`, theirs);
    await expect(openStore(file)).rejects.toThrow(/has a file beside it named as its mark \(.*\.wal\.fountframe\) that is not one/);
    expect(readFileSync(`${file}.wal.fountframe`).equals(theirs)).toBe(true);
    rmSync(`${file}.wal.fountframe`);
    writeFileSync(`${file}.wal`, theirs);
    writeFileSync(`${file}.wal.fountframe`, "1\n");
    await expect(openStore(file)).rejects.toThrow(
      /has a DuckDB database beside it named as its write-ahead log .*move or rename that database/,
    );
    expect(readFileSync(`${file}.wal`).equals(theirs)).toBe(true);
  });

  it("opens another program's database without writing to it until a sync commits, which makes its state table", async () => {
    const theirs = join(dir, "theirs.duckdb");
    await withDuckDB(theirs, "CREATE TABLE kept AS SELECT 42 AS answer");
    const before = readFileSync(theirs);
    const store = await openStore(theirs);
    expect(await store.tables()).toEqual([]);
    expect((await store.query("SELECT table_name FROM information_schema.tables ORDER BY 1")).values).toEqual([["kept"]]);
    await store.close();
    expect(readFileSync(theirs).equals(before)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["theirs.duckdb"]);
  });

  it("replays the log of a store killed between a commit and its checkpoint (the span it marks)", async () => {
    const file = join(dir, "fount.duckdb");
    const store = await openStore(file);
    await store.query("CREATE TABLE t AS SELECT 1 AS id");
    await store.close();
    // a process killed right after its commit: DuckDB's log holds the row, the store's mark is beside it
    const killed = spawnSync(process.execPath, [
      "-e",
      `const { DuckDBInstance } = require(${JSON.stringify(require.resolve("@duckdb/node-api"))});
       require("node:fs").writeFileSync(${JSON.stringify(`${file}.wal.fountframe`)}, "1");
       DuckDBInstance.create(${JSON.stringify(file)}).then(async (db) => {
         const connection = await db.connect();
         await connection.run("INSERT INTO t VALUES (2)");
         process.kill(process.pid, "SIGKILL");
       });`,
    ]);
    expect([killed.signal, killed.stderr.toString()]).toEqual(["SIGKILL", ""]);
    expect(existsSync(`${file}.wal`)).toBe(true);
    const reopened = await openStore(file);
    expect((await reopened.query("SELECT id FROM t ORDER BY id")).values).toEqual([[1], [2]]);
    await reopened.close();
    expect(existsSync(`${file}.wal.fountframe`)).toBe(false);
  });

  it("rolls back SQL that fails half-way or leaves a transaction open; query always returns a promise (case 12)", async () => {
    const store = await openStore(join(dir, "fount.duckdb"));
    try {
      await store.query("CREATE TABLE t AS SELECT range AS id, 1 AS v FROM range(3)");
      await expect(store.query("BEGIN; UPDATE t SET v = 2; SELECT * FROM typo")).rejects.toThrow(/typo/);
      await expect(store.query("BEGIN; UPDATE t SET v = 3")).rejects.toThrow(
        /^sql: .*left one open \(BEGIN without COMMIT\), and it was rolled back/,
      );
      expect((await store.query("SELECT DISTINCT v FROM t")).values).toEqual([[1]]);
      await store.query("BEGIN; UPDATE t SET v = 4; COMMIT");
      expect((await store.query("SELECT DISTINCT v FROM t")).values).toEqual([[4]]);
      const empty = store.query("");
      expect(empty).toBeInstanceOf(Promise);
      await expect(empty).rejects.toThrow(/^sql: a SQL query/);
      const query = store.query.bind(store) as (sql: unknown, params?: unknown) => Promise<unknown>;
      expect(() => void query(undefined).catch(() => undefined)).not.toThrow();
      // params DuckDB cannot bind are named before the query runs
      await expect(query("SELECT $1 AS v", [Symbol("x")])).rejects.toThrow(/^params: each value null, a boolean, .* got a symbol for \$1$/);
      await expect(query("SELECT $a AS v", { a: new Date(0) })).rejects.toThrow(/^params: each value .* for \$a$/);
      await expect(query("SELECT $1 AS v", "text")).rejects.toThrow(/^params: a list of values for \$1, \$2, ... or an object/);
      // DuckDB types an untyped NULL as INTEGER: a missing number, NaN as in a pull's frame
      expect((await store.query("SELECT $1 AS v, $2 AS w", [null, 2n])).values).toEqual([[NaN, 2]]);
    } finally {
      await store.close();
    }
  });

  it("refuses SQL that would change its sync state, before any statement runs; reading it is fine", async () => {
    const store = await openStore(join(dir, "fount.duckdb"));
    try {
      await store.query("CREATE TABLE t AS SELECT 1 AS id");
      const stateBefore = (await store.query("SELECT * FROM fountframe_sync")).columns;
      for (const sql of [
        "DROP TABLE fountframe_sync",
        "DELETE FROM FOUNTFRAME_SYNC",
        'UPDATE t SET id = 2; ALTER TABLE "Fountframe_Sync" ADD COLUMN x INT',
        "CREATE TEMP TABLE fountframe_sync AS SELECT 1 AS id",
        "CREATE TABLE mine AS SELECT * FROM fountframe_sync",
        // a quoted name is a name, whatever it holds; a comment after it hides nothing
        `SELECT 1 AS "a'b"; DROP TABLE fountframe_sync -- '`,
        "SELECT E'it\\'s' AS t; DROP TABLE fountframe_sync; -- '",
        "SELECT $a1$'$a1$; DELETE FROM fountframe_sync; SELECT 1 --'",
        // EXPLAIN ANALYZE runs the statement it explains
        "EXPLAIN ANALYZE DELETE FROM fountframe_sync",
        "/* /* */ ' */ DROP TABLE fountframe_sync; --'",
      ]) {
        await expect(store.query(sql)).rejects.toThrow(/^sql: SQL that only reads the store's sync state .* so none of it ran/);
      }
      // a table of the user's whose name only starts so is theirs, as is one named as a sync's staging
      await store.query(
        "CREATE TABLE fountframe_sync_copy AS SELECT 1 AS id; ALTER TABLE fountframe_sync_copy RENAME TO fountframe_staging",
      );
      await store.query("DROP TABLE fountframe_staging");
      // the name as text or in a comment names no table
      await store.query(
        "CREATE TABLE notes (t VARCHAR); INSERT INTO notes VALUES ('fountframe_sync'), ($$drop fountframe_sync$$); -- fountframe_sync\nDROP TABLE notes /* fountframe_sync */",
      );
      expect((await store.query("SELECT id FROM t")).values).toEqual([[1]]);
      expect((await store.query("DESCRIBE fountframe_sync")).shape[0]).toBe(stateBefore.length);
      expect((await store.query("SELECT count(*) AS n FROM fountframe_sync, t")).values).toEqual([[0]]);
      // a reading statement with a typo gets DuckDB's own words, as any other table's would
      await expect(store.query("SELECT count(*) FROM fountframe_sync WHERE nosuchcol = 'b'")).rejects.toThrow(
        /Binder Error: Referenced column "nosuchcol" not found/,
      );
      expect(await store.tables()).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("refuses SQL that locks the connection's configuration, which every later sync would fail on", async () => {
    const store = await openStore(join(dir, "fount.duckdb"));
    try {
      for (const sql of [
        "SET lock_configuration = true",
        "SELECT 1; SET GLOBAL Lock_Configuration TO true",
        "/* /* */ ' */ SET lock_configuration = true; --'",
      ])
        await expect(store.query(sql)).rejects.toThrow(/^sql: SQL that leaves the store's configuration open: .* none of this SQL ran/);
      expect((await store.query("SELECT current_setting('lock_configuration') AS locked")).values).toEqual([[false]]);
      expect((await store.query("SELECT 'lock_configuration' AS said")).values).toEqual([["lock_configuration"]]);
    } finally {
      await store.close();
    }
  });

  it("refuses IMPORT DATABASE and COPY FROM DATABASE, which write a database's tables and statements no check reads", async () => {
    const store = await openStore(join(dir, "fount.duckdb"));
    const folder = join(dir, "exported");
    try {
      await store.query(`CREATE TABLE kept AS SELECT 1 AS id; EXPORT DATABASE '${folder}'`);
      for (const sql of [`IMPORT DATABASE '${folder}'`, `SELECT 1; import  database '${folder}' /* ; */`])
        await expect(store.query(sql)).rejects.toThrow(
          /^sql: SQL the store can check before it runs: IMPORT DATABASE .* none of this SQL ran/,
        );
      await expect(store.query("ATTACH ':memory:' AS o; COPY FROM DATABASE o TO fount_store (DATA)")).rejects.toThrow(
        /^sql: SQL the store can check before it runs: COPY FROM DATABASE .* none of this SQL ran/,
      );
      expect((await store.query("SELECT 'import database' AS said")).values).toEqual([["import database"]]);
    } finally {
      await store.close();
    }
  });

  it("refuses SQL that sets max_expression_depth for every connection, which nothing could set back", async () => {
    const store = await openStore(join(dir, "fount.duckdb"));
    try {
      for (const sql of [
        "SET GLOBAL max_expression_depth = 5",
        "SELECT 1; SET max_expression_depth TO 5 /* ; */; SET Global Max_Expression_Depth TO 5",
        "PRAGMA max_expression_depth = 5",
        // nothing sets these back while the database is open
        "SET disabled_filesystems = 'LocalFileSystem'",
        "SET enable_external_access = false",
        "SET debug_checkpoint_abort = 'before_header'",
      ])
        await expect(store.query(sql)).rejects.toThrow(/^sql: SQL that leaves DuckDB's settings usable: .* none of this SQL ran/);
      expect((await store.query("SELECT current_setting('max_expression_depth') AS depth")).values).toEqual([[1000]]);
      // for the query's own session, and set back to DuckDB's own, it may
      await store.query("SET max_expression_depth = 500; RESET GLOBAL max_expression_depth");
      expect((await store.query("SELECT current_setting('max_expression_depth') AS depth")).values).toEqual([[500]]);
    } finally {
      await store.close();
    }
  });

  it("makes its file the connection's database again after SQL that moved it (USE, SET search_path, DETACH, another file under its name)", async () => {
    const file = join(dir, "fount.duckdb");
    const other = join(dir, "colleague.duckdb");
    const store = await openStore(file);
    try {
      await store.query("CREATE TABLE t AS SELECT range AS id FROM range(3)");
      const home = async () => (await store.query("SELECT current_database() AS db, current_schema() AS s, count(*) AS n FROM t")).values;
      for (const [sql, leftOn] of [
        ["USE memory", "memory.main"],
        ["SET search_path = 'memory.main'", "memory.main"],
        ["ATTACH ':memory:' AS scratch; USE scratch", "scratch.main"],
        ["USE memory; DETACH fount_store", "memory.main, fount_store detached"],
        [
          `USE memory; DETACH fount_store; ATTACH '${other}' AS fount_store; USE fount_store`,
          `fount_store.main, fount_store another database (${other})`,
        ],
        ["USE memory; DETACH fount_store; ATTACH ':memory:' AS fount_store", "memory.main, fount_store another database (:memory:)"],
      ]) {
        const moved = store.query(sql);
        await expect(moved).rejects.toThrow(ValidationError);
        await expect(moved).rejects.toThrow(`sql: SQL that keeps to the store's file: this query left the connection on ${leftOn} (`);
        expect(await home()).toEqual([["fount_store", "main", 3]]);
      }
      // the query's other statements ran: a table made in another database is there
      await expect(store.query("CREATE TABLE memory.main.kept AS SELECT 1 AS x; USE memory")).rejects.toThrow(
        /left the connection on memory\.main/,
      );
      expect((await store.query("SELECT x FROM memory.main.kept")).values).toEqual([[1]]);
      expect(await store.tables()).toEqual([]);
    } finally {
      await store.close();
    }
    const reopened = await openStore(file);
    expect((await reopened.query("SELECT count(*) AS n FROM t")).values).toEqual([[3]]);
    await reopened.close();
    // the other file holds nothing of the store's
    const colleague = await openStore(other);
    expect((await colleague.query("SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 't'")).values).toEqual([[0]]);
    await colleague.close();
  });

  it("answers a query with no rows with an empty frame of its columns (case 13)", async () => {
    const store = await openStore(join(dir, "fount.duckdb"));
    try {
      const frame = await store.query("SELECT 1 AS id, 'x' AS name, 2.5 AS score WHERE false");
      expect(frame.shape).toEqual([0, 3]);
      expect(frame.columns).toEqual(["id", "name", "score"]);
    } finally {
      await store.close();
    }
  });

  it("spills what does not fit DuckDB's memory beside its file, not into the working folder, and leaves nothing there once closed", async () => {
    const file = join(realpathSync(dir), "fount.duckdb");
    const inWorkingFolder = existsSync(join(process.cwd(), ".tmp"));
    const store = await openStore(file);
    try {
      await store.query("SET memory_limit = '64MB'");
      // sorting 2,000,000 texts takes more than 64 MB: DuckDB writes the rest to its temporary folder
      const sorted = await store.query(
        "SELECT max(h) AS h FROM (SELECT h FROM (SELECT md5(i::VARCHAR) AS h FROM range(2000000) t(i)) ORDER BY h LIMIT 10 OFFSET 1000000)",
      );
      expect(sorted.shape).toEqual([1, 1]);
      expect(existsSync(`${file}.tmp`)).toBe(true);
      expect(existsSync(join(process.cwd(), ".tmp"))).toBe(inWorkingFolder);
    } finally {
      await store.close();
    }
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it("gives a missing number as NaN and a DECIMAL as a number, as a pull's frame holds them", async () => {
    const store = await openStore(join(dir, "fount.duckdb"));
    try {
      const frame = await store.query("SELECT * FROM (VALUES (1, 1.5, 2::BIGINT, 'a'), (2, NULL, NULL, NULL)) t(id, score, n, name)");
      expect(frame.columns.map((column) => frame.column(column).dtype)).toEqual(["int32", "float32", "float32", "string"]);
      expect(frame.column("score").values).toEqual([1.5, NaN]);
      expect(frame.column("n").values).toEqual([2, NaN]);
      expect(frame.column("name").values).toEqual(["a", null]);
    } finally {
      await store.close();
    }
  });

  it("writes Parquet inside the folder given, and replaces a partitioned export whole (case 9)", async () => {
    const store: Store = await openStore(join(dir, "fount.duckdb"));
    const out = join(dir, "out");
    try {
      await store.query(`CREATE TABLE "../escape" AS SELECT 1 AS id`);
      await expect(store.writeParquet("../escape", out)).rejects.toThrow(/^table: a table whose name is a file name inside/);
      expect(existsSync(join(dir, "escape.parquet"))).toBe(false);

      await store.query("CREATE TABLE t AS SELECT range AS id, range % 3 AS study_id FROM range(30)");
      await store.writeParquet("T", out);
      expect(readdirSync(out)).toEqual(["T.parquet"]);
      // a name starting with ".." is a file of the folder like any other
      await store.query(`CREATE TABLE "..dots" AS SELECT 1 AS id`);
      await store.writeParquet("..dots", out);
      expect(readdirSync(out).sort()).toEqual(["..dots.parquet", "T.parquet"]);
      rmSync(join(out, "..dots.parquet"));
      await store.query(`DROP TABLE "..dots"`);
      const byStudy = join(dir, "by-study");
      await store.writeParquet("t", byStudy, { partitionBy: ["study_id"] });
      expect(readdirSync(byStudy).sort()).toEqual(["study_id=0", "study_id=1", "study_id=2"]);
      await store.query("DELETE FROM t WHERE study_id = 2");
      await store.writeParquet("t", byStudy, { partitionBy: ["study_id"] });
      expect(readdirSync(byStudy).sort()).toEqual(["study_id=0", "study_id=1"]);
      const readBack = await store.query(`SELECT count(*) AS n FROM read_parquet('${byStudy}/**/*.parquet', hive_partitioning = true)`);
      expect(readBack.values).toEqual([[20]]);
      expect(readdirSync(dir).filter((name) => name.includes("fountframe-"))).toEqual([]);

      // a link the user keeps to the export's folder, or to the file inside it, stays: what it names is written
      await store.query("CREATE TABLE u AS SELECT * FROM t");
      mkdirSync(join(dir, "big"));
      symlinkSync(join(dir, "big", "by-study"), join(dir, "linked"));
      await store.writeParquet("u", join(dir, "linked"), { partitionBy: ["study_id"] });
      await store.query("DELETE FROM u WHERE study_id = 1");
      await store.writeParquet("u", join(dir, "linked"), { partitionBy: ["study_id"] });
      expect([lstatSync(join(dir, "linked")).isSymbolicLink(), readdirSync(join(dir, "big", "by-study"))]).toEqual([true, ["study_id=0"]]);
      mkdirSync(join(out, "kept"));
      symlinkSync(join(out, "kept", "u.parquet"), join(out, "u.parquet"));
      await store.writeParquet("u", out);
      expect([lstatSync(join(out, "u.parquet")).isSymbolicLink(), existsSync(join(out, "kept", "u.parquet"))]).toEqual([true, true]);
      // one that leads outside the folder given is refused: nothing written there (round 10)
      writeFileSync(join(dir, "precious.txt"), "mine");
      symlinkSync(join(dir, "precious.txt"), join(out, "v.parquet"));
      await store.query("CREATE TABLE v AS SELECT * FROM t");
      await expect(store.writeParquet("v", out)).rejects.toThrow(
        /^dir: .*v\.parquet is a link to .*precious\.txt, outside .*nothing was written/,
      );
      expect(readFileSync(join(dir, "precious.txt"), "utf8")).toBe("mine");
      // a folder of yours at the file's name is refused, not renamed over
      mkdirSync(join(out, "w.parquet"));
      await store.query("CREATE TABLE w AS SELECT * FROM t");
      await expect(store.writeParquet("w", out)).rejects.toThrow(/^dir: .*w\.parquet is a folder \(nothing was written\)/);
      await store.query("DROP TABLE u; DROP TABLE v; DROP TABLE w");

      writeFileSync(join(dir, "a-file"), "mine");
      await expect(store.writeParquet("t", join(dir, "a-file"))).rejects.toThrow(
        /^dir: the folder to write into, got .*a-file, which is a file$/,
      );

      const foreign = join(dir, "mine");
      mkdirSync(foreign);
      writeFileSync(join(foreign, "notes.txt"), "mine");
      await expect(store.writeParquet("t", foreign, { partitionBy: ["study_id"] })).rejects.toThrow(/^dir: .* holds other files/);
      expect(readdirSync(foreign)).toEqual(["notes.txt"]);

      // a file of yours inside a partition's folder of an earlier export keeps it from being replaced
      writeFileSync(join(byStudy, "study_id=1", "NOTES.md"), "my notes");
      await expect(store.writeParquet("t", byStudy, { partitionBy: ["study_id"] })).rejects.toThrow(/^dir: .* holds other files/);
      mkdirSync(join(byStudy, "study_id=0", "charts"));
      rmSync(join(byStudy, "study_id=1", "NOTES.md"));
      await expect(store.writeParquet("t", byStudy, { partitionBy: ["study_id"] })).rejects.toThrow(/^dir: .* holds other files/);
      expect(existsSync(join(byStudy, "study_id=0", "charts"))).toBe(true);
      rmSync(join(byStudy, "study_id=0", "charts"), { recursive: true });
      await store.writeParquet("t", byStudy, { partitionBy: ["study_id"] });
      expect(readdirSync(byStudy).sort()).toEqual(["study_id=0", "study_id=1"]);

      // writeParquet's own export (part-N.parquet) is an earlier export too
      const byLibrary = join(dir, "by-library");
      mkdirSync(join(byLibrary, "study_id=7"), { recursive: true });
      writeFileSync(join(byLibrary, "study_id=7", "part-0.parquet"), "PAR1");
      await store.writeParquet("t", byLibrary, { partitionBy: ["study_id"] });
      expect(readdirSync(byLibrary).sort()).toEqual(["study_id=0", "study_id=1"]);
    } finally {
      await store.close();
    }
  });
});
