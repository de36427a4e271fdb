import { randomUUID } from "node:crypto";
import { syncReportForm, withNotebookForm } from "../display";
import { ValidationError } from "../errors";
import { syncBrandscape } from "./brandscapeSync";
import { syncResource } from "./resourceSync";
import { checkSync, storedQuery, type CheckedSync } from "./syncOptions";
import {
  holdsSessions,
  NOT_A_STORE,
  STAGING_TABLE,
  STORE_SESSION,
  type StoreSession,
  type SyncReport,
  type SyncRun,
  type SyncSource,
  type SyncTarget,
} from "./types";

/**
 * The service a table is synced from, as its state keeps it: the base URL without credentials, query
 * or fragment (the token is sent in a header and never part of it), with one trailing slash.
 */
function serviceOf(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = "";
    url.password = "";
    url.search = "";
    url.hash = "";
    return url.href.endsWith("/") ? url.href : `${url.href}/`;
  } catch {
    return baseUrl;
  }
}

/** Two queries pull the same rows: the page size aside (both in their canonical form). */
function sameQuery(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const rowsOf = ({ perPage: _perPage, ...rest }: Record<string, unknown>) => JSON.stringify(rest);
  return rowsOf(a) === rowsOf(b);
}

/**
 * What the run may do, settled from the store before any request: a table the store did not make
 * is refused (unless mode "full" with replaceUntrackedTable), as is a tracked table's other query or
 * other service (unless mode "full", which replaces the rows, or the whole table for another
 * endpoint); a tracked table that was dropped is synced again whole, and one made again by someone
 * else (it lacks the mark the store wrote on its own) is a table the store did not make; names are
 * compared as DuckDB compares them, case-insensitively.
 */
async function planRun(session: StoreSession, sync: CheckedSync, service: string): Promise<SyncRun> {
  const staging = await session.existingTable(STAGING_TABLE);
  if (staging !== undefined)
    throw new ValidationError(
      "store",
      `a store without a table named ${staging}: fountframe stages its pulls under that name; rename that table`,
    );
  const state = await session.state(sync.table);
  const existing = await session.existingTable(state?.table ?? sync.table);
  // a tracked table the user dropped: its marks and cursor speak of rows no longer there, so the
  // run is a first one (full, whatever the mode), into the name the state spells
  const dropped = state !== undefined && existing === undefined;
  // a state without a mark (a store an earlier version wrote) cannot tell: the run marks the table
  const mark = state?.tableMark ?? null;
  const remade = mark !== null && existing !== undefined && (await session.tableMark(existing)) !== mark;
  const tracked = remade ? undefined : state;
  // mode "full" of another endpoint replaces the table whole, as a first run: the other endpoint's columns and state go
  const switched = tracked !== undefined && !dropped && sync.full && tracked.endpoint !== sync.method;
  const queryChanged =
    tracked !== undefined && !dropped && !switched && sync.full && !sameQuery(storedQuery(tracked.endpoint, tracked.query), sync.options);
  let replaceUntracked = false;
  if (!tracked) {
    const why = remade
      ? `fountframe tracks a sync into ${existing}, but this table is not the one it made: it lacks the mark the store wrote on that one, so it was made again or its comment changed`
      : "fountframe tracks no sync into it";
    if (existing !== undefined && !sync.replaceUntrackedTable)
      throw new ValidationError(
        "table",
        `${existing} is a table this store did not make (${why}): give another table, or mode: "full" with replaceUntrackedTable: true to replace it whole`,
      );
    replaceUntracked = existing !== undefined;
  } else if (!sync.full && !dropped) {
    const held = storedQuery(tracked.endpoint, tracked.query);
    if (tracked.endpoint !== sync.method || !sameQuery(held, sync.options))
      throw new ValidationError(
        "table",
        `${tracked.table} holds a sync of ${tracked.endpoint} ${JSON.stringify(held)}: give another table, or mode: "full" to replace it`,
      );
    if (tracked.service !== null && tracked.service !== service)
      throw new ValidationError(
        "baseUrl",
        `${tracked.table} was synced from ${tracked.service}, not from ${service}: sync it from its own service, give another table, or mode: "full" to replace it`,
      );
  }
  return {
    method: sync.method,
    table: state?.table ?? sync.table,
    full: sync.full || dropped,
    options: sync.options,
    item: sync.item,
    service,
    before: dropped || switched ? undefined : tracked,
    replaceTable: replaceUntracked || switched,
    // a table the run makes, or replaces, or a store's table not marked yet, is given a new mark
    tableMark: (dropped || switched ? null : tracked?.tableMark) ?? randomUUID(),
    queryChanged,
  };
}

/**
 * `client.sync(store, endpoint, options)`: one run. Only a whole pull is committed; a resource's
 * run is one transaction, brandscape data one per group of whole studies (brandscapeSync.ts), so
 * that a failed, interrupted or killed run leaves every table whole; runs on one store take turns.
 */
export async function syncEndpoint(source: SyncSource, store: SyncTarget, endpoint: unknown, options: unknown): Promise<SyncReport> {
  if (!holdsSessions(store)) {
    throw new ValidationError("store", NOT_A_STORE);
  }
  const sync = checkSync(endpoint, options);
  const service = serviceOf(source.baseUrl);
  return store[STORE_SESSION](async (session) => {
    const run = await planRun(session, sync, service);
    const outcome =
      run.method === "brandscapeData"
        ? await syncBrandscape(source.pages, source.columnPages, session, run)
        : await syncResource(source.columnPages, session, run);
    const { changes } = outcome;
    return withNotebookForm<SyncReport>(
      {
        table: run.table,
        mode: outcome.mode,
        added: changes.added,
        updated: changes.updated,
        removed: changes.removed,
        requests: outcome.requests,
        rows: changes.rows,
        ...(outcome.partitions ? { partitions: outcome.partitions } : {}),
        addedColumns: changes.addedColumns,
        widenedColumns: changes.widenedColumns,
      },
      syncReportForm,
    );
  });
}
