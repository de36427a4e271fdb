import type { DuckDBConnection } from "@duckdb/node-api";
import { ValueError } from "../errors";
import type { HeldRows } from "./heldRows";
import { idKey, type ColumnType, type IdKey } from "../table/columnType";
import { alterTypeSql, foldedName, quoted, sqlTypeOf, foldedSql } from "./sqlTypes";
import { markTableSql, tableMark } from "./tableMarks";
import { widenStored } from "./storedTypes";
import { flagsToBooleanSql, holdsOnlyFlags } from "./storedFlags";
import type { RowAppends } from "./stagedRows";
import { STAGING_TABLE } from "../sync/types";
import { NO_CHANGES } from "../sync/rowChanges";
import type { Staging } from "./stagedRows";
import { closeQuietly, type StoredTable, type StoredTables } from "./storedTables";
import { numbersToText, numbersTurnText } from "./textWidening";
import type { ColumnCounts } from "../table/columnCounts";
import type { RowChanges, RowScope, StagedCounts } from "../sync/types";

function scopeSql(scope: RowScope): string {
  switch (scope.kind) {
    case "all":
      return "TRUE";
    case "ids":
      return `id IN (SELECT id FROM ${STAGING_TABLE})`;
    case "partition":
      return scope.values.length === 0 ? "FALSE" : `${quoted(scope.column)} IN (${scope.values.map((v) => Number(v)).join(", ")})`;
  }
}

const NO_NAMES: ReadonlySet<string> = new Set();

async function count(connection: DuckDBConnection, sql: string): Promise<number> {
  return Number((await connection.runAndReadAll(sql)).getRows()[0][0]);
}

/** How many rows are staged, how many distinct ids they hold, and how many have none. */
export async function stagedCounts(connection: DuckDBConnection): Promise<StagedCounts> {
  const [rows, ids, missing] = (
    await connection.runAndReadAll(`SELECT count(*), count(DISTINCT id), count(*) - count(id) FROM ${STAGING_TABLE}`)
  ).getRows()[0];
  return { rows: Number(rows), ids: Number(ids), missingIds: Number(missing) };
}

/**
 * The table made to hold columns of these types, in the caller's transaction: created on first
 * write with `id` its primary key (one row per id, enforced); a column new to it is added, a column
 * whose type widened is widened (widenStored: int64 to double, anything else to text), and a
 * documented boolean stored as flags by an older store is made BOOLEAN (storedFlags.ts). Says what changed.
 * `whenWidened` runs after a column is widened to text, and for a staged column narrower than the
 * table's text or DOUBLE one, with the type the rows come in.
 */
async function fitTable(
  connection: DuckDBConnection,
  stored: StoredTable,
  table: string,
  columns: ReadonlyMap<string, ColumnType>,
  madeText: ColumnCounts | undefined,
  documentedBooleans: ReadonlySet<string>,
  whenWidened?: (name: string, type: ColumnType, widened: ColumnType) => Promise<void>,
): Promise<{ addedColumns: string[]; widenedColumns: string[] }> {
  const addedColumns: string[] = [];
  const widenedColumns: string[] = [];
  const target = quoted(table);
  if (stored.types.size === 0) {
    const list = [...columns].map(([name, type]) => `${quoted(name)} ${sqlTypeOf(type)}${name === "id" ? " PRIMARY KEY" : ""}`);
    await connection.run(`CREATE TABLE ${target} (${list.join(", ")})`);
    for (const [name, type] of columns) stored.types.set(name, type);
    stored.primaryKey = true;
    stored.rows = 0;
    return { addedColumns, widenedColumns };
  }
  if (!stored.primaryKey) {
    await refuseAlteringUnderDependents(connection, table, "its id made the primary key (one row per id)");
    await connection.run(`ALTER TABLE ${target} ADD PRIMARY KEY (id)`);
    stored.primaryKey = true;
  }
  const storedByFolded = new Map([...stored.types.keys()].map((name) => [foldedName(name), name]));
  const toText: string[] = [];
  let keyWidened = false;
  for (const [name, type] of columns) {
    const storedName = storedByFolded.get(foldedName(name));
    if (storedName !== undefined && storedName !== name)
      throw new ValueError(
        `${table}: the pull has a column ${JSON.stringify(name)}, which the table holds as ${JSON.stringify(storedName)}: they differ only in case, and a DuckDB table cannot hold both (a fresh pull's frame keeps them apart). ` +
          `If the service renamed it, rename the table's column (ALTER TABLE ${quoted(table)} RENAME COLUMN ${quoted(storedName)} TO ${quoted(name)}) and sync again; what the run had not committed yet was not written`,
      );
    const before = storedName === undefined ? undefined : stored.types.get(storedName);
    if (before === undefined) {
      await connection.run(`ALTER TABLE ${target} ADD COLUMN ${quoted(name)} ${sqlTypeOf(type)}`);
      stored.types.set(name, type);
      addedColumns.push(name);
    } else if (
      type === "boolean" &&
      before !== "boolean" &&
      documentedBooleans.has(name) &&
      (await holdsOnlyFlags(connection, target, storedName!, before))
    ) {
      await refuseAlteringUnderDependents(connection, table, `column ${JSON.stringify(name)} made BOOLEAN from ${sqlTypeOf(before)}`);
      await connection.run(flagsToBooleanSql(target, storedName!, before));
      stored.types.set(storedName!, "boolean");
      widenedColumns.push(`${name}: ${sqlTypeOf(before)} -> BOOLEAN`);
    } else if (widenStored(before, type) !== before) {
      const widened = widenStored(before, type);
      await refuseAlteringUnderDependents(
        connection,
        table,
        `column ${JSON.stringify(name)} widened from ${sqlTypeOf(before)} to ${sqlTypeOf(widened)}`,
      );
      // committed numbers print as a frame prints them (after the loop); one pulled as numeric text in an earlier commit keeps only its number
      if (foldedName(name) === "id") keyWidened = true;
      else if (numbersTurnText(before, widened)) toText.push(name);
      else await connection.run(alterTypeSql(target, name, before, widened));
      stored.types.set(storedName!, widened);
      widenedColumns.push(`${name}: ${sqlTypeOf(before)} -> ${sqlTypeOf(widened)}`);
      await whenWidened?.(name, type, widened);
    } else if ((before === "utf8" && type !== "utf8") || (before === "double" && type === "int64")) {
      await whenWidened?.(name, type, before);
    }
  }
  for (const [name, cells] of await numbersToText(connection, target, toText, false)) madeText?.add(name, cells);
  if (keyWidened) await remadeWithTextIds(connection, table, stored);
  return { addedColumns, widenedColumns };
}

/**
 * A tracked table without a column a sync finds its rows by (its id, and, once it holds rows, a
 * partition's column such as brandscape data's study_id), which other SQL renamed or dropped:
 * refused naming it. (A first brandscape run that found no study made a table of `id` alone.)
 */
function refuseTableWithout(stored: StoredTable, table: string, scope?: RowScope): void {
  const needed = scope?.kind === "partition" && stored.rows > 0 ? ["id", scope.column] : ["id"];
  const names = new Set([...stored.types.keys()].map(foldedName));
  const missing = needed.find((column) => !names.has(foldedName(column)));
  if (missing === undefined) return;
  throw new ValueError(
    `${table}: a table whose rows a sync finds by their ${missing} column, which this table no longer has (renamed or dropped by other SQL); ` +
      `rename that column back to ${missing} (ALTER TABLE ${quoted(table)} RENAME COLUMN … TO ${missing}) and sync again; what the run had not committed yet was not written`,
  );
}

const KEPT_ROWS = "fountframe_kept_rows";

/**
 * The table made again with its ids as text (`stored.types` says so already), its rows and its
 * mark (tableMarks.ts) kept: DuckDB cannot change the type of a primary key's column. Whole-
 * number ids print as a frame prints them. In the run's transaction, after the table's other changes.
 */
async function remadeWithTextIds(connection: DuckDBConnection, table: string, stored: StoredTable): Promise<void> {
  const target = quoted(table);
  const mark = await tableMark(connection, table);
  const names = [...stored.types.keys()].map(quoted).join(", ");
  const idName = [...stored.types.keys()].find((name) => foldedName(name) === "id")!;
  await connection.run(
    `CREATE TEMP TABLE ${KEPT_ROWS} AS SELECT * REPLACE (CAST(${quoted(idName)} AS VARCHAR) AS ${quoted(idName)}) FROM ${target}`,
  );
  await connection.run(`DROP TABLE ${target}`);
  const list = [...stored.types].map(([name, type]) => `${quoted(name)} ${sqlTypeOf(type)}${name === idName ? " PRIMARY KEY" : ""}`);
  await connection.run(`CREATE TABLE ${target} (${list.join(", ")})`);
  await connection.run(`INSERT INTO ${target} (${names}) SELECT ${names} FROM ${KEPT_ROWS}`);
  await connection.run(`DROP TABLE ${KEPT_ROWS}`);
  if (mark !== null) await connection.run(markTableSql(table, mark));
  if (stored.appender !== undefined) {
    closeQuietly(stored.appender.appender);
    stored.appender = undefined;
  }
}

/**
 * DuckDB cannot change a column's type, nor add a key, in a table that other entries depend on (a
 * user's CREATE INDEX, a view made under `enable_view_dependencies`: the store makes neither), and
 * then says only that the entry cannot be altered or that the transaction is aborted: the run is
 * refused first, naming them.
 */
async function refuseAlteringUnderDependents(connection: DuckDBConnection, table: string, change: string): Promise<void> {
  const reader = await connection.runAndReadAll(
    `SELECT kind, entry_schema, name FROM (
       SELECT 'INDEX' AS kind, schema_name AS entry_schema, index_name AS name, database_name, schema_name, table_name FROM duckdb_indexes()
       UNION ALL
       SELECT 'VIEW', fountframe_view.schema_name, fountframe_view.view_name, fountframe_table.database_name,
              fountframe_table.schema_name, fountframe_table.table_name
       FROM duckdb_dependencies() fountframe_dependency
       JOIN duckdb_tables() fountframe_table ON fountframe_dependency.objid = fountframe_table.table_oid
       JOIN duckdb_views() fountframe_view ON fountframe_dependency.refobjid = fountframe_view.view_oid
     ) WHERE database_name = current_database() AND schema_name = 'main' AND ${foldedSql("table_name")} = ${foldedSql("$1")}
     ORDER BY kind, entry_schema, name`,
    [table],
  );
  const dependents = reader
    .getRows()
    .map(([kind, schema, name]) => ({ kind: String(kind), entry: `${quoted(String(schema))}.${quoted(String(name))}` }));
  if (dependents.length === 0) return;
  const named = dependents.map(({ kind, entry }) => `${kind.toLowerCase()} ${entry}`).join(", ");
  const drops = dependents.map(({ kind, entry }) => `DROP ${kind} ${entry}`);
  throw new ValueError(
    `${table}: the pull needs ${change}, which DuckDB cannot do while other entries depend on the table (${named}): ` +
      `drop them (${drops.join("; ")}), sync, and create them again; what the run had not committed yet was not written`,
  );
}

/** Where a write counts the stored numbers it makes text: nowhere when it replaces every row. */
const madeTextIn = (scope: RowScope, tables: StoredTables): ColumnCounts | undefined =>
  scope.kind === "all" ? undefined : tables.numbersMadeText;

/**
 * Replaces the stored rows in `scope` by the staged rows, in the caller's transaction (the table
 * created or widened first: fitTable); the staged values take the table's type. Changes are
 * counted by `id`: added (new ids), updated (stored ids whose values changed), removed (stored ids
 * in scope that the pull did not bring). What the table is (columns, key, rows) comes from the
 * run's `tables`, and is kept up to date there.
 */
export async function writeStaged(
  connection: DuckDBConnection,
  tables: StoredTables,
  table: string,
  staging: Staging,
  scope: RowScope,
): Promise<RowChanges> {
  await staging.ensureCreated();
  const stored = await tables.of(table);
  if (stored.types.size > 0) refuseTableWithout(stored, table, scope);
  const target = quoted(table);
  // staged numbers and timestamps going into text are made text as a frame gives them (an insert's cast would not)
  const { addedColumns, widenedColumns } = await fitTable(
    connection,
    stored,
    table,
    staging.inPullOrder(),
    madeTextIn(scope, tables),
    staging.documentedBooleans,
    async (name, type, widened) => {
      if (widened === "utf8" && type !== "utf8") await staging.asText(name, type);
      else if (widened === "double" && type === "int64") await staging.asDouble(name);
    },
  );
  const where = scopeSql(scope);
  const source = STAGING_TABLE;
  let removed = 0;
  let updated = 0;
  const held = stored.rows === 0 ? 0 : await count(connection, `SELECT count(*) FROM ${target} WHERE ${where}`);
  const staged = new Set([...staging.columns.keys()].map(foldedName));
  const unstaged = [...stored.types.keys()].filter((name) => !staged.has(foldedName(name)));
  if (held > 0) {
    removed = await count(connection, `SELECT count(*) FROM ${target} WHERE ${where} AND id NOT IN (SELECT id FROM ${source})`);
    // updated: stored ids whose staged row differs in some staged column, or that held a value in a
    // column the pull did not bring (written as null); a re-delivered, unchanged row is not counted.
    // Rows are compared by a hash of those columns, of the table's types on both sides (fitTable made
    // the staged ones so); an EXCEPT of every column cost three times as much at 372 columns
    const hashed = `hash(${[...staging.columns.keys()].map(quoted).join(", ")}) AS h`;
    const emptied = unstaged.length
      ? ` UNION SELECT id FROM ${target} WHERE ${where} AND id IN (SELECT id FROM ${source}) AND (${unstaged.map((name) => `${quoted(name)} IS NOT NULL`).join(" OR ")})`
      : "";
    updated = await count(
      connection,
      `SELECT count(*) FROM (SELECT s.id FROM (SELECT id, ${hashed} FROM ${source}) s
      JOIN (SELECT id, ${hashed} FROM ${target} WHERE ${where}) t ON s.id = t.id WHERE s.h <> t.h${emptied})`,
    );
    stored.rows -= Number((await connection.run(`DELETE FROM ${target} WHERE ${where}`)).rowsChanged);
  }
  // nothing stored in scope (a new study, a first run): every staged row is added, and there is nothing to delete
  // a column the pull did not bring is null, whatever DEFAULT a user gave it
  const nulls = unstaged.map((name) => `, NULL AS ${quoted(name)}`).join("");
  const inserted = Number((await connection.run(`INSERT INTO ${target} BY NAME SELECT *${nulls} FROM ${source}`)).rowsChanged);
  stored.rows += inserted;
  tables.rowsSinceCheckpoint += inserted;
  // the ids in scope after the write are the staged ones: those not held before were added
  const added = inserted - (held - removed);
  return { added, updated, removed, rows: stored.rows, addedColumns, widenedColumns };
}

/**
 * The ids of the stored rows in `scope`, numbers or the texts of a table of text ids (none before the
 * table is made); with `gaps` (pairs of whole numbers), only the ids strictly between the two numbers
 * of one pair, and, of text ids, also every one that is no number (idKey): no page's range places it.
 */
export async function storedIds(
  connection: DuckDBConnection,
  tables: StoredTables,
  table: string,
  scope: RowScope,
  gaps?: ReadonlyArray<readonly [number, number]>,
): Promise<IdKey[]> {
  const stored = await tables.of(table);
  if (stored.types.size === 0 || stored.rows === 0 || gaps?.length === 0) return [];
  refuseTableWithout(stored, table, scope);
  const textIds = [...stored.types].some(([name, type]) => foldedName(name) === "id" && type === "utf8");
  const between =
    gaps === undefined || textIds
      ? ""
      : ` JOIN (VALUES ${gaps.map(([above, below]) => `(${Number(above)}, ${Number(below)})`).join(", ")}) AS fountframe_gap(fountframe_above, fountframe_below) ON id > fountframe_above AND id < fountframe_below`;
  const reader = await connection.runAndReadAll(
    `SELECT id FROM ${quoted(table)}${between} WHERE ${scopeSql(scope)} AND id IS NOT NULL ORDER BY id`,
  );
  if (!textIds) return reader.getRows().map(([id]) => Number(id));
  const ids = reader.getRows().map(([id]) => String(id));
  if (gaps === undefined) return ids;
  const inGap = (key: IdKey) => typeof key !== "number" || gaps.some(([above, below]) => key > above && key < below);
  return ids.filter((id) => inGap(idKey(id)));
}

/**
 * Removes the rows of `scope` (studies gone), in the caller's transaction. A table not made yet is
 * made empty (`id`, and the scope's column), as a pull of no rows leaves a resource's: the run's
 * `rows: 0` is a table to query.
 */
export async function removeRows(connection: DuckDBConnection, tables: StoredTables, table: string, scope: RowScope): Promise<RowChanges> {
  const stored = await tables.of(table);
  if (stored.types.size === 0) {
    const columns = new Map<string, ColumnType>([["id", "int64"]]);
    if (scope.kind === "partition") columns.set(scope.column, "int64");
    await fitTable(connection, stored, table, columns, undefined, NO_NAMES);
    return NO_CHANGES;
  }
  refuseTableWithout(stored, table, scope);
  const removed =
    stored.rows === 0 ? 0 : Number((await connection.run(`DELETE FROM ${quoted(table)} WHERE ${scopeSql(scope)}`)).rowsChanged);
  stored.rows -= removed;
  return { ...NO_CHANGES, removed, rows: stored.rows };
}

/**
 * Replaces some studies' stored rows (`scope`) with a held pull's rows of them, in the caller's
 * transaction. Studies the table holds no rows of (a first run, new studies) are appended straight
 * into the table, each row written once in the table's types; where it holds some, the rows go
 * through the staging table (writeStaged), where their changes are counted.
 */
export async function writeHeld(
  appends: RowAppends,
  connection: DuckDBConnection,
  tables: StoredTables,
  table: string,
  staging: Staging,
  held: HeldRows,
  scope: RowScope & { kind: "partition" },
): Promise<RowChanges> {
  const parts = held.rowsOf(scope.column, scope.values);
  const stored = await tables.of(table);
  if (stored.types.size > 0) refuseTableWithout(stored, table, scope);
  const inScope = stored.rows === 0 ? 0 : await count(connection, `SELECT count(*) FROM ${quoted(table)} WHERE ${scopeSql(scope)}`);
  if (inScope > 0) {
    await staging.load(held.types, parts, held.documentedBooleans);
    return writeStaged(connection, tables, table, staging, scope);
  }
  const { addedColumns, widenedColumns } = await fitTable(
    connection,
    stored,
    table,
    held.types,
    tables.numbersMadeText,
    held.documentedBooleans,
  );
  // one appender a run, made again when the table's columns change (and dropped after a failed write)
  const columns = [...stored.types].join();
  if (stored.appender !== undefined && stored.appender.columns !== columns) {
    closeQuietly(stored.appender.appender);
    stored.appender = undefined;
  }
  stored.appender ??= { appender: await connection.createAppender(table, "main"), columns };
  const { appender } = stored.appender;
  let added: number;
  try {
    added = appends.append(appender, [...stored.types], parts);
    appender.flushSync();
  } catch (error) {
    closeQuietly(appender);
    stored.appender = undefined;
    throw error;
  }
  stored.rows += added;
  tables.rowsSinceCheckpoint += added;
  return { added, updated: 0, removed: 0, rows: stored.rows, addedColumns, widenedColumns };
}
