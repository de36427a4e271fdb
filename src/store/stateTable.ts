import { IN_STORE, IN_STORE_SCHEMA } from "./storeFile";
import { foldedSql } from "./sqlTypes";
import type { DuckDBConnection, DuckDBPreparedStatement } from "@duckdb/node-api";
import { ValueError } from "../errors";
import type { SyncState } from "../sync/types";
import type { StoredTables } from "./storedTables";
import { markTableSql } from "./tableMarks";

/** Where the store keeps what it tracks: one row per synced table (never the token). */
export const STATE_TABLE = "fountframe_sync";

const CREATE_STATE_TABLE = `CREATE TABLE ${STATE_TABLE} (
  "table" VARCHAR PRIMARY KEY,
  endpoint VARCHAR NOT NULL,
  query VARCHAR NOT NULL,
  cursor VARCHAR,
  study_marks VARCHAR,
  last_run TIMESTAMP,
  last_mode VARCHAR,
  "rows" BIGINT,
  added BIGINT,
  updated BIGINT,
  removed BIGINT,
  requests BIGINT,
  service VARCHAR,
  table_mark VARCHAR
)`;
const STATE_COLUMNS = [
  "table",
  "endpoint",
  "query",
  "cursor",
  "study_marks",
  "last_run",
  "last_mode",
  "rows",
  "added",
  "updated",
  "removed",
  "requests",
];

// every column the table has (one made before `service` or `table_mark` was kept lacks them: read-only, it is read as it is)
const SELECT_STATES = `SELECT * REPLACE (strftime(last_run, '%Y-%m-%dT%H:%M:%S.%gZ') AS last_run) FROM ${STATE_TABLE}`;

/**
 * Checks that the table of the state table's name (DuckDB compares names case-insensitively) is the
 * store's own, or makes it when `create` (a new file: another program's database gets it with its
 * first sync's commit, writeState); a store made before the service or the table's mark was kept
 * gains the column.
 */
export async function ensureStateTable(connection: DuckDBConnection, path: string, create: boolean): Promise<void> {
  const columns = await ownStateColumns(connection, path);
  if (columns.length === 0) {
    if (create) await connection.run(CREATE_STATE_TABLE);
    return;
  }
  for (const added of ["service", "table_mark"])
    if (!columns.includes(added)) await connection.run(`ALTER TABLE ${STATE_TABLE} ADD COLUMN ${added} VARCHAR`);
}

/**
 * The columns of the state table (none when the file has none), once it is known to be the store's
 * own: a table of its name without the state's columns, or a view of its name, is refused.
 */
export async function ownStateColumns(connection: DuckDBConnection, path: string): Promise<string[]> {
  const reader = await connection.runAndReadAll(
    `SELECT column_name FROM information_schema.columns WHERE ${foldedSql("table_name")} = '${STATE_TABLE}' AND ${IN_STORE_SCHEMA}`,
  );
  const columns = reader.getRows().map(([name]) => String(name));
  if (columns.length === 0) {
    const views = await connection.runAndReadAll(
      `SELECT count(*) FROM duckdb_views() WHERE ${foldedSql("view_name")} = '${STATE_TABLE}' AND ${IN_STORE}`,
    );
    if (Number(views.getRows()[0][0]) > 0) throw foreignState(path);
  } else if (!STATE_COLUMNS.every((name) => columns.includes(name))) throw foreignState(path);
  return columns;
}

/** Whether the store's file holds the state table (a DuckDB file no sync has written to does not). */
async function holdsStateTable(connection: DuckDBConnection): Promise<boolean> {
  const reader = await connection.runAndReadAll(
    `SELECT count(*) FROM information_schema.tables WHERE ${foldedSql("table_name")} = '${STATE_TABLE}' AND ${IN_STORE_SCHEMA}`,
  );
  return Number(reader.getRows()[0][0]) > 0;
}

const foreignState = (path: string) =>
  new ValueError(
    `the store ${path} holds a table or view named ${STATE_TABLE} (in some case) that is not fountframe's sync state: give another file`,
  );

function stateOf(row: Record<string, unknown>): SyncState {
  const count = (value: unknown) => Number(value ?? 0);
  return {
    table: String(row.table),
    endpoint: String(row.endpoint),
    query: JSON.parse(String(row.query)) as Record<string, unknown>,
    cursor: (row.cursor as string | null) ?? null,
    studyMarks: row.study_marks ? (JSON.parse(String(row.study_marks)) as Record<string, string | null>) : null,
    lastRun: (row.last_run as string | null) ?? null,
    lastMode: (row.last_mode as string | null) ?? null,
    rows: count(row.rows),
    added: count(row.added),
    updated: count(row.updated),
    removed: count(row.removed),
    requests: count(row.requests),
    service: (row.service as string | null) ?? null,
    tableMark: (row.table_mark as string | null) ?? null,
  };
}

/** Every tracked table's state, or the one of `table` (its name compared as DuckDB does, case-insensitively). */
export async function readStates(connection: DuckDBConnection, table?: string): Promise<SyncState[]> {
  if (!(await holdsStateTable(connection))) return [];
  const reader = table
    ? await connection.runAndReadAll(`${SELECT_STATES} WHERE ${foldedSql('"table"')} = ${foldedSql("$1")}`, [table])
    : await connection.runAndReadAll(`${SELECT_STATES} ORDER BY "table"`);
  return reader.getRowObjectsJS().map((row) => stateOf(row as Record<string, unknown>));
}

const INSERT_STATE = `INSERT OR REPLACE INTO ${STATE_TABLE} ("table", endpoint, query, cursor, study_marks, last_run, last_mode, "rows", added, updated, removed, requests, service, table_mark)
  VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP), $7, $8, $9, $10, $11, $12, $13, $14)`;
const UPDATE_STATE = `UPDATE ${STATE_TABLE} SET endpoint = $2, query = $3, cursor = $4, study_marks = $5, last_run = CAST($6 AS TIMESTAMP),
  last_mode = $7, "rows" = $8, added = $9, updated = $10, removed = $11, requests = $12, service = $13, table_mark = $14 WHERE "table" = $1`;

/**
 * Each connection's update of a state row, prepared once: a brandscape run writes its state with
 * each study's commit, and a prepared UPDATE of the row costs about a third of an INSERT OR REPLACE
 * (which deletes the row and inserts it again).
 */
const preparedUpdates = new WeakMap<DuckDBConnection, Promise<DuckDBPreparedStatement>>();

/**
 * Writes a table's state in one statement (a brandscape run writes it with each study's commit):
 * the row of its name updated, or inserted when there is none, as the run spells it, the spelling
 * its state was read under.
 */
export async function writeState(connection: DuckDBConnection, state: SyncState): Promise<void> {
  const values = [
    state.table,
    state.endpoint,
    JSON.stringify(state.query),
    state.cursor,
    state.studyMarks ? JSON.stringify(state.studyMarks) : null,
    state.lastRun,
    state.lastMode,
    state.rows,
    state.added,
    state.updated,
    state.removed,
    state.requests,
    state.service,
    state.tableMark,
  ];
  let prepared = preparedUpdates.get(connection);
  if (prepared === undefined) {
    if (!(await holdsStateTable(connection))) {
      // a file's first sync: the table made in the run's transaction (a rollback takes it back), nothing prepared on it
      await connection.run(CREATE_STATE_TABLE);
      await connection.run(INSERT_STATE, values);
      return;
    }
    prepared = connection.prepare(UPDATE_STATE);
    preparedUpdates.set(connection, prepared);
  }
  try {
    const update = await prepared;
    update.bind(values);
    if (Number((await update.run()).rowsChanged) > 0) return;
  } catch (error) {
    preparedUpdates.delete(connection); // prepared again next time (the state table may have been changed under it)
    throw error;
  }
  await connection.run(INSERT_STATE, values);
}

/**
 * Saves a table's state, in the caller's transaction, and writes the state's mark on the table when
 * the table does not carry it yet (made by this run, or by a version that kept no marks), as the
 * run's StoredTables know it: once a run.
 */
export async function saveMarkedState(connection: DuckDBConnection, tables: StoredTables, state: SyncState): Promise<void> {
  const stored = await tables.of(state.table);
  if (state.tableMark !== null && stored.types.size > 0 && stored.mark !== state.tableMark) {
    await connection.run(markTableSql(state.table, state.tableMark));
    stored.mark = state.tableMark;
  }
  await writeState(connection, state);
}
