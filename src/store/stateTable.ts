import type { DuckDBConnection } from "@duckdb/node-api";
import type { SyncState } from "./types";

/** Where the store keeps what it tracks: one row per synced table (never the token). */
export const STATE_TABLE = "fountframe_sync";

export const CREATE_STATE_TABLE = `CREATE TABLE IF NOT EXISTS ${STATE_TABLE} (
  "table" VARCHAR NOT NULL,
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
  requests BIGINT
)`;

const SELECT_STATES = `SELECT "table", endpoint, query, cursor, study_marks, strftime(last_run, '%Y-%m-%dT%H:%M:%S.%gZ') AS last_run,
  last_mode, "rows", added, updated, removed, requests FROM ${STATE_TABLE}`;

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
  };
}

export async function readStates(connection: DuckDBConnection, table?: string): Promise<SyncState[]> {
  const reader = table
    ? await connection.runAndReadAll(`${SELECT_STATES} WHERE "table" = $1`, [table])
    : await connection.runAndReadAll(`${SELECT_STATES} ORDER BY "table"`);
  return reader.getRowObjectsJS().map((row) => stateOf(row as Record<string, unknown>));
}

export async function writeState(connection: DuckDBConnection, state: SyncState): Promise<void> {
  await connection.run(`DELETE FROM ${STATE_TABLE} WHERE "table" = $1`, [state.table]);
  await connection.run(`INSERT INTO ${STATE_TABLE} VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP), $7, $8, $9, $10, $11, $12)`, [
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
  ]);
}
