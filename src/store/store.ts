import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { DataFrame } from "danfojs-node";
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from "@duckdb/node-api";
import { ValidationError, ValueError } from "../errors";
import type { DuckDB } from "./loadDuckDB";
import { attachedBy, holdAttachedFiles, isOpenHere, isStillClaimed, releaseFile } from "./openFiles";
import { commitNotWritten, fileNotOpened, fileWrittenElsewhere, StoreFileError, storeUnusable, type Unusable } from "./storeFileError";
import { fileMarkOf } from "./fileMark";
import { exportFile, exportPartitioned, notExported } from "./parquetExport";
import { columnTypes } from "./partitionFolders";
import { fitsPartitionFolders, PARTITION_BY_ALLOWED } from "../export/partitionFolder";
import { resultToFrame } from "./queryFrame";
import { checkQueryParams } from "./queryParams";
import { quoted, sqlText, foldedSql } from "./sqlTypes";
import { RowAppends, Staging, type StagingState } from "./stagedRows";
import { readStates, saveMarkedState, STATE_TABLE } from "./stateTable";
import { refuseChangesToSyncState } from "./syncStateGuard";
import { readSql } from "./sqlLexer";
import { refuseShadowingMacros } from "./shadowingMacros";
import { attachingOpenFile, refuseReachingOpenStores, refuseWedgingSettings, refuseWholeDatabaseCopies } from "./userSqlGuards";
import { removeRows, stagedCounts, storedIds, writeHeld, writeStaged } from "./tableWrites";
import { HeldRows } from "./heldRows";
import { StoredTables } from "./storedTables";
import { tableMark } from "./tableMarks";
import type { Store, WriteParquetOptions } from "./types";
import { syncEndpoint } from "../sync/syncEndpoint";
import {
  STAGING_TABLE,
  STORE_SESSION,
  STORE_SYNC,
  type SessionHolder,
  type StoreSession,
  type StoreWrites,
  type SyncReport,
  type SyncSource,
  type TrackedTable,
} from "../sync/types";
import { ColumnCounts } from "../table/columnCounts";
import { idKey } from "../table/columnType";
import { COLUMN_TYPE_CHANGED_CODE, LONE_SURROGATE_WARNING } from "../export/columnCounts";
import { attachStatement, IN_STORE_SCHEMA, STORE_CATALOG, STORE_ROW_GROUP_ROWS, USE_STORE } from "./storeFile";
import { committing, walBytes } from "./walGuard";
import { currentSetting, sizeSetting } from "./sizeSettings";

/** A store's text is UTF-8, as Parquet's and Arrow's are (docs/writers.md states the rule once). */
const STORE_TEXT_HINT =
  "The store's text is UTF-8, as Parquet's is; JSON and NDJSON exports keep them, as \\ud800 escapes (docs/writers.md).";

/** A stored column of numbers turned text by a later commit: what its stored cells became. */
const NUMBERS_MADE_TEXT = {
  what: "stored columns of numbers turned to text, their stored cells written as their numbers print (2, 0.00001, Infinity)",
  hint: 'A cell pulled as numeric text ("1.50", "+1") and committed before its column turned text is given back as its number prints (1.5, 1) (docs/sync.md).',
} as const;

/** The memory limit that makes DuckDB let go of the blocks it caches (see #letGoOfCache). */
const EVICTING_LIMIT = "16MB";

/**
 * DuckDB's `checkpoint_threshold` while a sync runs: so high that its own checkpoints (at 16 MB of
 * log by default) never come before the store's, one a row group's worth of rows (#transaction).
 * Each checkpoint rewrites the table's partly filled row group: at 372 columns DuckDB's own came
 * about every 5,000 rows, three times a row group, and cost half a study's commit.
 */
const RUN_CHECKPOINT_THRESHOLD = "1GB";

/**
 * DuckDB's `threads` while a sync runs. A run's DuckDB work (appends, commits, checkpoints) comes
 * one statement at a time between pulls; on two cores a second thread of DuckDB's added ~10% CPU
 * to a run of 23,288 rows × 372 columns and took no time off it.
 */
const RUN_THREADS = 1;

/**
 * The store over DuckDB (the public surface is the Store interface): its own work on one connection,
 * users' SQL (`query`) on another, made when first needed, so that what a user's SQL sets for its
 * session (SET max_expression_depth, TimeZone, search_path, temporary tables) never reaches a sync.
 */
export class DuckDBStore implements Store, SessionHolder {
  readonly #duckdb: DuckDB;
  readonly #instance: DuckDBInstance;
  readonly #connection: DuckDBConnection;
  #userConnection: DuckDBConnection | undefined;
  /** the file as opened (links followed): its write-ahead log's mark and the process's open files key on it */
  readonly #file: string;
  /** the path as given, made absolute when opened (its links not followed): it must still lead to #file */
  readonly #givenPath: string;
  /** one run or query at a time on the store: later ones wait their turn */
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  /** what left the store of no more use: a COMMIT or checkpoint that could not write the file, a COMMIT DuckDB failed, a database DuckDB invalidated */
  #unusable: Unusable | undefined;
  /** the file as the store's last call left it (fileMarkOf): another program's write in place shows as a change */
  #fileMark: string | undefined;
  /** a run's last COMMIT and the checkpoint after it (#commit), settled: what failed in them, if anything */
  #pendingCommit: Promise<{ error: unknown } | undefined> = Promise.resolve(undefined);

  constructor(
    readonly path: string,
    file: string,
    duckdb: DuckDB,
    instance: DuckDBInstance,
    connection: DuckDBConnection,
    fileMark: string | undefined,
  ) {
    this.#file = file;
    this.#fileMark = fileMark;
    this.#givenPath = resolve(path);
    this.#duckdb = duckdb;
    this.#instance = instance;
    this.#connection = connection;
  }

  /**
   * A query's rows as a DataFrame; `params` fill `$1, $2, ...` (a list) or `$name` (an object). SQL
   * that fails half-way, or leaves a transaction open, is rolled back, and SQL that leaves its
   * connection on another database is undone: the next query never finds its connection inside
   * someone's transaction, or away from the store's file.
   */
  async query(sql: string, params?: readonly unknown[] | Record<string, unknown>): Promise<DataFrame> {
    if (typeof sql !== "string" || sql.trim() === "") throw new ValidationError("sql", "a SQL query (text)");
    checkQueryParams(params);
    return this.#turn(() =>
      this.#committing(async () => {
        const read = readSql(sql);
        refuseWedgingSettings(read);
        refuseWholeDatabaseCopies(read);
        await refuseReachingOpenStores(sql, read, params);
        const connection = await this.#queryConnection();
        await refuseChangesToSyncState(this.#duckdb, connection, sql, read);
        const outcome = await connection
          .runAndReadAll(sql, params as DuckDBValue[] | Record<string, DuckDBValue> | undefined)
          .then((reader) => resultToFrame(this.#duckdb, reader))
          .then(
            (frame) => ({ frame }),
            (error: unknown) => ({ error }),
          );
        const { leftOpen, leftOn } = await this.#settleQueryConnection(connection, outcome);
        const attachedOpenFile = await this.#holdAttachedFiles();
        if (attachedOpenFile !== undefined) throw attachingOpenFile(attachedOpenFile, "it was detached again at once");
        if ("error" in outcome) throw outcome.error;
        if (leftOpen)
          throw new ValidationError(
            "sql",
            "SQL that ends its own transactions: this query left one open (BEGIN without COMMIT), and it was rolled back",
          );
        if (leftOn)
          throw new ValidationError(
            "sql",
            `SQL that keeps to the store's file: this query left the connection on ${leftOn} (USE, SET search_path, DETACH, or ATTACH of another database as ${STORE_CATALOG}), ` +
              "and the store's file was made its database again; the query's other statements ran. Name another database's tables in full (other.main.t)",
          );
        return outcome.frame;
      }),
    );
  }

  /** The connection users' SQL runs on, on the store's file. */
  async #queryConnection(): Promise<DuckDBConnection> {
    if (this.#userConnection === undefined) {
      const connection = await this.#instance.connect();
      await connection.run(USE_STORE);
      this.#userConnection = connection;
    }
    return this.#userConnection;
  }

  /**
   * After a user's SQL: its open transaction rolled back and its connection back on the store's file.
   * When the SQL left its session unable to run even these checks (`SET max_expression_depth = 1`),
   * that connection is closed, the next query gets a new one, and the query is refused saying so.
   */
  async #settleQueryConnection(connection: DuckDBConnection, outcome: object): Promise<{ leftOpen: boolean; leftOn?: string }> {
    try {
      return { leftOpen: await this.#endOpenTransaction(connection), leftOn: await this.#reclaimConnection(connection) };
    } catch (error) {
      connection.closeSync();
      this.#userConnection = undefined;
      if ("error" in outcome) throw outcome.error;
      const said = (error as { message?: unknown } | null)?.message;
      throw new ValidationError(
        "sql",
        `SQL that leaves its session usable: after this query, its connection could not run the store's own checks (${String(said)}); ` +
          "the query's statements ran, its connection was closed, and the next query starts a new one with DuckDB's settings",
      );
    }
  }

  /** What is tracked: each synced table, its endpoint and query, rows, last sync, cursor and service. */
  tables(): Promise<TrackedTable[]> {
    return this.#turn(async () => {
      const states = await readStates(this.#connection);
      const tracked: TrackedTable[] = [];
      for (const state of states) {
        const rows = await this.#connection.runAndReadAll(`SELECT count(*) FROM ${quoted(state.table)}`).then(
          (reader) => Number(reader.getRows()[0][0]),
          () => 0,
        );
        tracked.push({
          table: state.table,
          endpoint: state.endpoint,
          query: state.query,
          rows,
          lastSyncedAt: state.lastRun,
          cursor: state.cursor,
          service: state.service,
        });
      }
      return tracked;
    });
  }

  /** A table as Parquet: `dir/<table>.parquet`, or with `partitionBy` one folder per value under `dir` (replaced whole). */
  writeParquet(table: string, dir: string, options: WriteParquetOptions = {}): Promise<void> {
    return this.#turn(async () => {
      if (typeof dir !== "string" || dir.trim() === "") throw new ValidationError("dir", "the folder to write into");
      if ((await stat(dir).catch(() => undefined))?.isDirectory() === false)
        throw new ValidationError("dir", `the folder to write into, got ${dir}, which is a file`);
      const name = await this.#existingTable(table);
      if (name === undefined)
        throw new ValidationError("table", `a table of this store (${(await this.#tableNames()).join(", ") || "none yet"}), got ${table}`);
      const types = await columnTypes(this.#connection, name);
      const columns = [...types.keys()];
      const partitionBy = options.partitionBy ?? [];
      const unknown = partitionBy.filter((column) => !columns.includes(column));
      if (unknown.length > 0)
        throw new ValidationError("partitionBy", `columns of ${name} (${columns.join(", ")}), got ${unknown.join(", ")}`);
      const unfit = partitionBy.filter((column) => !fitsPartitionFolders(column));
      if (unfit.length > 0)
        throw new ValidationError(
          "partitionBy",
          `${PARTITION_BY_ALLOWED}; got ${unfit.map((column) => JSON.stringify(column)).join(", ")}`,
        );
      if (partitionBy.length > 0 && columns.every((column) => partitionBy.includes(column)))
        throw new ValidationError("partitionBy", `leaves no column of ${name} to write in the files: ${partitionBy.join(", ")}`);
      try {
        if (partitionBy.length === 0) await exportFile(this.#connection, table, types, dir);
        else await exportPartitioned(this.#connection, name, types, dir, partitionBy);
      } catch (error) {
        throw notExported(error, name, dir);
      }
    });
  }

  /** Closes the database; harmless twice. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#queue.catch(() => undefined);
    try {
      this.#userConnection?.closeSync();
      this.#connection.closeSync();
      this.#instance.closeSync();
    } finally {
      releaseFile(this.#file);
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /** client.sync of this store (the client holds no sync code: the store brings it). */
  [STORE_SYNC](source: SyncSource, endpoint: unknown, options: unknown): Promise<SyncReport> {
    return syncEndpoint(source, this, endpoint, options);
  }

  /** One sync's run: its turn on the connection, its transactions one after the other. */
  [STORE_SESSION]<T>(work: (session: StoreSession) => Promise<T>): Promise<T> {
    return this.#turn(async () => {
      const connection = this.#connection;
      await refuseShadowingMacros(connection);
      await connection.run(USE_STORE);
      const limit = await sizeSetting(connection, "memory_limit");
      const threshold = await sizeSetting(connection, "checkpoint_threshold");
      const threads = Number(await currentSetting(connection, "threads"));
      const loneSurrogates = new ColumnCounts();
      const appends = new RowAppends(this.#duckdb, loneSurrogates);
      const staging = new Staging(connection, appends);
      const tables = new StoredTables(connection);
      // every use of the connection waits for the COMMIT and checkpoint a transaction began (#commit)
      const afterCommit =
        <R>(use: (table: string) => Promise<R>) =>
        async (table: string): Promise<R> => {
          await this.#commitEnded();
          return use(table);
        };
      const session: StoreSession = {
        state: afterCommit(async (table) => (await readStates(connection, table))[0]),
        existingTable: afterCommit((table) => this.#existingTable(table)),
        tableMark: afterCommit((table) => tableMark(connection, table)),
        transaction: (inner) => this.#transaction(inner, limit, staging, tables, appends),
        holdPull: () => new HeldRows(),
      };
      // the run's commits are checkpointed a row group's worth at a time (#transaction) and at its end,
      // DuckDB's own checkpoints put off: a checkpoint after each of a thousand small commits would cost more than the pull
      return this.#committing(async () => {
        try {
          await connection.run(`SET checkpoint_threshold = ${sqlText(RUN_CHECKPOINT_THRESHOLD)}`);
          await connection.run(`SET threads = ${RUN_THREADS}`);
          const result = await work(session);
          await this.#commitEnded();
          return result;
        } finally {
          tables.numbersMadeText.warn(NUMBERS_MADE_TEXT.what, NUMBERS_MADE_TEXT.hint, COLUMN_TYPE_CHANGED_CODE);
          await this.#commitEnded().catch(() => undefined);
          tables.forget();
          await staging.drop().catch(() => undefined);
          if (!this.#unusable) await this.#connection.run("CHECKPOINT").catch((error: unknown) => this.#noteFailedWrite(error));
          await this.#connection.run(`SET checkpoint_threshold = ${sqlText(threshold)}`).catch(() => undefined);
          await this.#connection.run(`SET threads = ${threads}`).catch(() => undefined);
          await this.#letGoOfCache(limit);
          loneSurrogates.warn(LONE_SURROGATE_WARNING.what, STORE_TEXT_HINT, LONE_SURROGATE_WARNING.code);
        }
      });
    }).catch((error: unknown) => {
      throw runError(error, this.path, this.#unusable);
    });
  }

  async #transaction<T>(
    work: (writes: StoreWrites) => Promise<T>,
    memoryLimit: string,
    staging: Staging,
    tables: StoredTables,
    appends: RowAppends,
  ): Promise<T> {
    await this.#commitEnded();
    const connection = this.#connection;
    const stagingBefore = staging.saved();
    const writes: StoreWrites = {
      stage: (chunk, declaredTypes) => staging.append(chunk, declaredTypes),
      staged: async () => {
        staging.flush();
        return staging.created ? stagedCounts(connection) : { rows: 0, ids: 0, missingIds: 0 };
      },
      writeStaged: (table, scope) => writeStaged(connection, tables, table, staging, scope),
      writeHeld: (table, held, scope) => {
        if (!(held instanceof HeldRows)) throw new TypeError("writeHeld takes a pull held by this store's session");
        return writeHeld(appends, connection, tables, table, staging, held, scope);
      },
      dropStaged: () => staging.drop(),
      removeRows: (table, scope) => removeRows(connection, tables, table, scope),
      storedIds: (table, scope, gaps) => storedIds(connection, tables, table, scope, gaps),
      distinctValues: async (table, column, ofId) => {
        staging.flush();
        const columns = table === STAGING_TABLE ? staging.columns : (await tables.of(table)).types;
        if (!columns.has(column)) return [];
        const reader = await connection.runAndReadAll(
          `SELECT DISTINCT ${quoted(column)} FROM ${quoted(table)} WHERE ${quoted(column)} IS NOT NULL${ofId === undefined ? "" : " AND CAST(id AS VARCHAR) = $1"}`,
          ofId === undefined ? undefined : [ofId],
        );
        return reader.getRows().map(([value]) => idKey(value));
      },
      dropTable: async (table) => {
        const name = await this.#existingTable(table);
        if (name === undefined) return 0;
        const isView = Number(
          (
            await connection.runAndReadAll(`SELECT count(*) FROM duckdb_views() WHERE ${foldedSql("view_name")} = ${foldedSql("$1")}`, [
              name,
            ])
          ).getRows()[0][0],
        );
        const held = isView ? 0 : Number((await connection.runAndReadAll(`SELECT count(*) FROM ${quoted(name)}`)).getRows()[0][0]);
        await connection.run(`DROP ${isView ? "VIEW" : "TABLE"} ${quoted(name)}`);
        tables.forget(name);
        return held;
      },
      saveState: (state) => saveMarkedState(connection, tables, state),
    };
    await connection.run("BEGIN TRANSACTION");
    let result: T;
    try {
      result = await work(writes);
      staging.flush();
    } catch (error) {
      try {
        staging.flush();
      } catch {
        // the rollback below discards it anyway
      }
      await connection.run("ROLLBACK").catch(() => undefined);
      // what the transaction did to the tables is undone: the staging table is as it found it
      staging.restore(stagingBefore);
      tables.forget();
      throw error;
    }
    this.#pendingCommit = this.#commit(staging, stagingBefore, tables, memoryLimit).then(
      () => undefined,
      (error: unknown) => ({ error }),
    );
    return result;
  }

  /**
   * A transaction's COMMIT, then its checkpoint (#foldIn), on DuckDB's thread while the caller goes
   * on (the next pull); the session's next use of the connection waits for both (#commitEnded), and a
   * COMMIT that fails is rolled back and thrown there.
   */
  async #commit(staging: Staging, stagingBefore: StagingState, tables: StoredTables, memoryLimit: string): Promise<void> {
    try {
      if (!(await isStillClaimed(this.#file, this.#givenPath))) throw fileNotOpened(this.path);
      await this.#connection.run("COMMIT");
    } catch (error) {
      await this.#connection.run("ROLLBACK").catch(() => undefined);
      staging.restore(stagingBefore);
      tables.forget();
      if (error instanceof StoreFileError) throw error;
      if (isDuckDBWriteFailure(error)) {
        this.#unusable = { error, why: "unwritable" };
        throw commitNotWritten(this.path, error);
      }
      await this.#failedCommit(error);
      throw error;
    }
    await this.#foldIn(tables, memoryLimit);
  }

  /**
   * After a COMMIT it failed (out of memory, say) DuckDB can keep a wrong picture of the database in
   * memory (index entries of the rows it undid): it is never checkpointed, not even as the store
   * closes, so the file and its log keep exactly what was committed, and the store is of no more use.
   */
  async #failedCommit(error: unknown): Promise<void> {
    this.#unusable ??= { error, why: "failedCommit" };
    await this.#connection.run("PRAGMA disable_checkpoint_on_shutdown").catch(() => undefined);
  }

  /** Another program wrote the store's file in place: nothing more goes into it, not even a checkpoint as the store closes. */
  async #writtenElsewhere(): Promise<never> {
    const error = fileWrittenElsewhere(this.path);
    this.#unusable = { error, why: "writtenElsewhere" };
    await this.#connection.run("PRAGMA disable_checkpoint_on_shutdown").catch(() => undefined);
    throw error;
  }

  /**
   * A checkpoint that could not write the file leaves the commits before it in the log, whole (the
   * next open replays it), but DuckDB lets go of the file: the store's later calls refuse at once.
   */
  #noteFailedWrite(error: unknown): void {
    if (isDuckDBWriteFailure(error)) this.#unusable ??= { error, why: "unwritable" };
    else if (isInvalidated(error)) this.#unusable ??= { error, why: "invalidated" };
  }

  /** Waits for the last transaction's COMMIT and checkpoint; what failed in them is thrown here. */
  async #commitEnded(): Promise<void> {
    const failed = await this.#pendingCommit;
    this.#pendingCommit = Promise.resolve(undefined);
    if (failed) throw failed.error;
  }

  /**
   * After a commit: a row group's worth of rows is folded into the file as it is whole (DuckDB holds
   * what it has not checkpointed in memory, and rewrites a row group it checkpointed part of), and the
   * blocks let go (after the COMMIT, beside the next pull: #commit).
   */
  async #foldIn(tables: StoredTables, memoryLimit: string): Promise<void> {
    if (tables.rowsSinceCheckpoint >= STORE_ROW_GROUP_ROWS)
      await this.#connection.run("CHECKPOINT").catch((error: unknown) => this.#noteFailedWrite(error));
    // checkpointed (by the line above, or by DuckDB as it committed, its log past checkpoint_threshold): the blocks can go
    if ((await walBytes(this.#file)) === 0) {
      tables.rowsSinceCheckpoint = 0;
      await this.#letGoOfCache(memoryLimit);
    }
  }

  /**
   * DuckDB keeps the blocks of what a transaction wrote in memory, up to its memory limit (80% of
   * the machine's by default), so a sync committing a million rows would hold them all: after each
   * checkpoint (the blocks are on disk) a brief low limit evicts them, and the user's limit is
   * restored. A run then holds about a checkpoint's worth of rows.
   */
  async #letGoOfCache(limit: string): Promise<void> {
    await this.#connection.run(`SET memory_limit = ${sqlText(EVICTING_LIMIT)}`).catch(() => undefined);
    await this.#connection.run(`SET memory_limit = ${sqlText(limit)}`);
  }

  /** Work that may commit, under the store's mark (walGuard.ts). */
  #committing<T>(work: () => Promise<T>): Promise<T> {
    return committing(this.#connection, this.#file, work);
  }

  /**
   * Makes the store's file the database of users' SQL's connection again, attached anew if their
   * SQL detached it, or attached another database under its name (DETACH and ATTACH are the whole
   * DuckDB's: the sync's connection would write there). Says where the connection was left, or
   * undefined when it was home.
   */
  async #reclaimConnection(connection: DuckDBConnection): Promise<string | undefined> {
    const [[database, schema]] = (await connection.runAndReadAll("SELECT current_database(), current_schema()")).getRowsJS() as string[][];
    const named = await connection.runAndReadAll(`SELECT path FROM duckdb_databases() WHERE database_name = ${sqlText(STORE_CATALOG)}`);
    const path = named.getRowsJS().map(([attached]) => (attached === null ? "" : String(attached)))[0];
    const own = path !== undefined && path !== "" && resolve(path) === this.#file;
    if (database === STORE_CATALOG && schema === "main" && own) return undefined;
    if (path !== undefined && !own) {
      await connection.run("USE memory.main");
      await connection.run(`DETACH ${STORE_CATALOG}`);
    }
    if (!own) await connection.run(attachStatement(this.#file, true));
    await connection.run(USE_STORE);
    const away =
      path === undefined ? `, ${STORE_CATALOG} detached` : own ? "" : `, ${STORE_CATALOG} another database (${path || ":memory:"})`;
    return `${database}.${schema}${away}`;
  }

  /**
   * Holds the files users' SQL attached (to the whole DuckDB) as open in this process: no openStore takes
   * them. One that is open here already (a store's file, or one another store attached), which the
   * SQL reached by a way refuseReachingOpenStores could not read, is detached again at once: says
   * which, or undefined.
   */
  async #holdAttachedFiles(): Promise<string | undefined> {
    const reader = await this.#connection.runAndReadAll(
      `SELECT database_name, path FROM system.main.duckdb_databases() WHERE NOT internal AND path IS NOT NULL AND database_name <> ${sqlText(STORE_CATALOG)}`,
    );
    const held = attachedBy(this.#file);
    const attached: string[] = [];
    let refused: string | undefined;
    for (const [name, path] of reader.getRows()) {
      const file = resolve(String(path));
      if (held.has(file) || !(await isOpenHere(file))) attached.push(file);
      else {
        await this.#connection.run(`DETACH ${quoted(String(name))}`);
        refused ??= file;
      }
    }
    await holdAttachedFiles(this.#file, attached);
    return refused;
  }

  /** Rolls back a transaction left open on the connection; says whether there was one. */
  async #endOpenTransaction(connection: DuckDBConnection): Promise<boolean> {
    let leftOpen = false;
    try {
      await connection.run("BEGIN TRANSACTION");
    } catch {
      leftOpen = true; // "within a transaction", or an aborted one
    }
    await connection.run("ROLLBACK").catch(() => undefined);
    return leftOpen;
  }

  #turn<T>(work: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new ValidationError("store", `${this.path} is closed`));
    const onItsFile = async () => {
      if (this.#unusable) throw storeUnusable(this.path, this.#unusable);
      if (!(await isStillClaimed(this.#file, this.#givenPath))) throw fileNotOpened(this.path);
      if ((await fileMarkOf(this.#file)) !== this.#fileMark) await this.#writtenElsewhere();
      try {
        return await work();
      } catch (error) {
        // a COMMIT of the user's SQL that DuckDB failed, as a run's (#commit)
        if (!this.#unusable && isFailedCommit(error)) await this.#failedCommit(error);
        if (!isInvalidated(error)) throw error;
        this.#unusable ??= { error, why: isDuckDBWriteFailure(error) ? "unwritable" : "invalidated" };
        throw storeUnusable(this.path, this.#unusable);
      }
    };
    const marked = async () => {
      try {
        return await onItsFile();
      } finally {
        if (!this.#unusable) this.#fileMark = await fileMarkOf(this.#file);
      }
    };
    const run = this.#queue.then(marked, marked);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #existingTable(table: string): Promise<string | undefined> {
    const reader = await this.#connection.runAndReadAll(
      `SELECT table_name FROM information_schema.tables WHERE ${foldedSql("table_name")} = ${foldedSql("$1")} AND ${IN_STORE_SCHEMA}`,
      [String(table)],
    );
    const [row] = reader.getRows();
    return row ? String(row[0]) : undefined;
  }

  async #tableNames(): Promise<string[]> {
    const reader = await this.#connection.runAndReadAll(
      `SELECT table_name FROM information_schema.tables WHERE ${IN_STORE_SCHEMA} AND ${foldedSql("table_name")} <> '${STATE_TABLE}' ORDER BY 1`,
    );
    return reader.getRows().map(([name]) => String(name));
  }
}

/** DuckDB's words for a COMMIT that could not write the file ("Failed to commit: Could not write file ...: File too large"). */
function isDuckDBWriteFailure(error: unknown): boolean {
  return /could not write|no space left|file too large|disk full/i.test((error as Error)?.message ?? "");
}

/** DuckDB's words for a COMMIT it failed ("TransactionContext Error: Failed to commit: ..."). */
function isFailedCommit(error: unknown): boolean {
  return /Failed to commit/.test((error as Error)?.message ?? "");
}

/** DuckDB's words for a database it let go of after a failed write or checkpoint ("... has been invalidated because ..."). */
function isInvalidated(error: unknown): boolean {
  return /has been invalidated/i.test((error as Error)?.message ?? "");
}

/** DuckDB's words for a row refused by a NOT NULL or CHECK constraint: the store makes none, so a user added it. */
const USERS_CONSTRAINT = /^(Constraint Error|Failed to append): (NOT NULL|CHECK) constraint failed/;

/** DuckDB's words for running out of its memory_limit: its own error, or an append's or a COMMIT's that could not get a block. */
const OUT_OF_MEMORY = /^Out of Memory Error|could not allocate block|failed to pin block/;

/**
 * A run's error as the store tells it: DuckDB's out-of-memory error with how to lift the limit (a
 * user's SET memory_limit is the whole database's, and a sync keeps it), and, after a COMMIT DuckDB
 * failed, that the store must be opened again; other errors as they are.
 */
function runError(error: unknown, path: string, unusable: Unusable | undefined): unknown {
  if (error instanceof StoreFileError) return error;
  const said = (error as { message?: unknown } | null)?.message;
  if (typeof said === "string" && USERS_CONSTRAINT.test(said))
    return new ValueError(
      `${said.split("\n")[0]}: a constraint the store did not make (a NOT NULL or CHECK added to a table it syncs) refused the run's rows, ` +
        "and nothing of that transaction was committed: drop it (ALTER TABLE … ALTER COLUMN … DROP NOT NULL, or make the table anew) and sync again",
      { cause: error },
    );
  const failedCommit = unusable?.why === "failedCommit";
  if (typeof said !== "string" || !OUT_OF_MEMORY.test(said))
    return failedCommit && unusable.error === error ? storeUnusable(path, unusable) : error;
  const reopen = failedCommit
    ? ", close the store and open it again (DuckDB failed a COMMIT, after which this store does nothing more),"
    : "";
  return new ValueError(
    `${said.split("\n")[0]}; the store's DuckDB ran out of its memory_limit, which is too low for this run: raise it (store.query("SET memory_limit = '2GB'"))${reopen} and sync again; what the run had not committed yet was not written`,
    { cause: error },
  );
}
