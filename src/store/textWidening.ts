import type { DuckDBConnection } from "@duckdb/node-api";
import { csvText, cellAs } from "../table/cellConversion";
import { idValue, isMissingCell, type ColumnType } from "../table/columnType";
import { ValueError } from "../errors";
import { foldedName, quoted, sqlText } from "./sqlTypes";
import type { PageChunk } from "../table/types";
import { chunkColumn } from "../table/pageChunk";

/** Rows of a page's chunk: all of them, or those at `rows`. */
export interface ChunkRows {
  readonly chunk: PageChunk;
  readonly rows?: Int32Array;
}

/*
 * A numeric column turned to text keeps each cell as a frame of the same pull gives it: a number as
 * JavaScript prints it (`2`, `0.00001`, `Infinity`, where DuckDB's cast gives `2.0`, `1e-05`, `inf`),
 * and a cell pulled as numeric text ("1.50", "+1", "1e5") as it was pulled. The texts of the second
 * kind are kept beside the rows they were staged in (NUMERIC_TEXTS), as the writers keep theirs
 * (export/spilledTexts.ts), since the number stored for them prints otherwise.
 */

/**
 * The staged numeric cells' pulled texts, by their row's id (a temporary table, as the staging table
 * is): the id as pulled (`id`, as a text id column holds it) and the number it spells (`num`, as a
 * numeric id column holds it; null for an id that is no number).
 */
export const NUMERIC_TEXTS = "fountframe_numeric_texts";

/** One kept text: its row's id as pulled and the number that id spells, its column, the text (null: a -0 pulled as a number). */
export type KeptText = readonly [id: string, num: number | null, column: string, text: string | null];

const isNumeric = (type: ColumnType): boolean => type === "int64" || type === "double";

/** Whether a column of `before` turned `after` must be made text here rather than by DuckDB's cast. */
export const numbersTurnText = (before: ColumnType, after: ColumnType): boolean => isNumeric(before) && after === "utf8";

/**
 * The cells of `parts` pulled as numeric text, in a column stored as numbers, whose number prints
 * otherwise, and the negative zeros of a column of whole numbers (BIGINT holds no -0; a later page
 * of fractions makes it DOUBLE, which does: negativeZerosBack). A row without an id keeps none (its
 * pull fails its check: PageAudit).
 */
export function pulledNumericTexts(columns: readonly (readonly [string, ColumnType])[], parts: readonly ChunkRows[]): KeptText[] {
  const kept: KeptText[] = [];
  const types = new Map(columns.map((column) => [foldedName(column[0]), column]));
  for (const { chunk, rows } of parts) {
    let ids: ArrayLike<unknown> | undefined;
    const count = rows === undefined ? chunk.rowCount : rows.length;
    for (const [c, name] of chunk.names.entries()) {
      const [stored, type] = types.get(foldedName(name)) ?? [name, "utf8"];
      const texts = chunk.stats.numericStrings[c] > 0 && isNumeric(type);
      const zeros = type === "int64";
      if (!texts && !zeros) continue;
      const cells = chunk.columns[c];
      for (let k = 0; k < count; k++) {
        const row = rows === undefined ? k : rows[k];
        const cell = cells[row];
        const text =
          texts && typeof cell === "string" && csvText(cellAs(type, cell)) !== cell
            ? cell
            : zeros && Object.is(cell, -0)
              ? null
              : undefined;
        if (text === undefined) continue;
        ids ??= chunkColumn(chunk, "id");
        if (!isMissingCell(ids[row])) kept.push([csvText(ids[row]), idNumber(ids[row]), stored, text]);
      }
    }
  }
  return kept;
}

function idNumber(id: unknown): number | null {
  const value = idValue(id);
  return typeof value === "number" ? value : null;
}

/** Adds kept texts to NUMERIC_TEXTS, made when first needed. */
export async function keepNumericTexts(connection: DuckDBConnection, kept: readonly KeptText[], made: boolean): Promise<void> {
  if (kept.length === 0) return;
  if (!made) await connection.run(`CREATE TEMP TABLE ${NUMERIC_TEXTS} (id VARCHAR, num DOUBLE, name VARCHAR, text VARCHAR)`);
  const appender = await connection.createAppender(NUMERIC_TEXTS, "main", "temp");
  for (const [id, num, name, text] of kept) {
    appender.appendVarchar(id);
    if (num === null) appender.appendNull();
    else appender.appendDouble(num);
    appender.appendVarchar(name);
    if (text === null) appender.appendNull();
    else appender.appendVarchar(text);
    appender.endRow();
  }
  appender.closeSync();
}

const FIXED_TEXTS = "fountframe_widened_texts";
/** The aliases of the tables above in a statement that names a user's table too: no table of theirs has such a name (fountframe_ names are the store's). */
const FIXED = "fountframe_fixed";
const KEPT = "fountframe_kept";

/**
 * Turns numeric columns of `table` to text, each cell as a frame gives it (above): its number as
 * JavaScript prints it, or the text it was pulled as when NUMERIC_TEXTS kept one (`keptTexts`, the
 * staging table's, by id). Read a DuckDB chunk at a time, then every column altered before any is
 * rewritten by row id (as the transaction sees it): DuckDB cannot commit a transaction that alters
 * a table after updating it. So this comes after the table's other changes of the transaction.
 * Returns the cells made text, by column.
 */
export async function numbersToText(
  connection: DuckDBConnection,
  table: string,
  columns: readonly string[],
  keptTexts: boolean,
): Promise<Map<string, number>> {
  const cells = new Map<string, number>();
  if (columns.length === 0) return cells;
  const described = await describedColumns(connection, table);
  refuseHiddenRowIds(described, table, columns);
  const idWasText = keptTexts && idIsText(described);
  await connection.run(`CREATE TEMP TABLE ${FIXED_TEXTS} (name VARCHAR, row BIGINT, text VARCHAR)`);
  try {
    const appender = await connection.createAppender(FIXED_TEXTS, "main", "temp");
    for (const column of columns) {
      const name = quoted(column);
      const result = await connection.stream(`SELECT rowid, ${name} FROM ${table} WHERE ${name} IS NOT NULL`);
      let count = 0;
      for (let chunk = await result.fetchChunk(); chunk !== null && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
        const rows = chunk.getColumnValues(0) as bigint[];
        const values = chunk.getColumnValues(1);
        for (let k = 0; k < rows.length; k++) {
          appender.appendVarchar(column);
          appender.appendBigInt(rows[k]);
          appender.appendVarchar(csvText(values[k]));
          appender.endRow();
        }
        count += rows.length;
      }
      cells.set(column, count);
    }
    appender.closeSync();
    for (const column of columns) await connection.run(`ALTER TABLE ${table} ALTER COLUMN ${quoted(column)} TYPE VARCHAR`);
    for (const column of columns)
      await connection.run(
        `UPDATE ${table} SET ${quoted(column)} = ${FIXED}.text FROM ${FIXED_TEXTS} ${FIXED} WHERE ${table}.rowid = ${FIXED}.row AND ${FIXED}.name = ${sqlText(column)}`,
      );
    if (keptTexts) await restoreKeptTexts(connection, table, columns, idWasText);
    return cells;
  } finally {
    await connection.run(`DROP TABLE IF EXISTS ${FIXED_TEXTS}`);
  }
}

/** A table's columns and their DuckDB types, by DESCRIBE. */
async function describedColumns(connection: DuckDBConnection, table: string): Promise<[name: string, type: string][]> {
  const reader = await connection.runAndReadAll(`SELECT column_name, column_type FROM (DESCRIBE ${table})`);
  return reader.getRows().map(([name, type]) => [String(name), String(type)]);
}

/** A column named rowid (any case) hides DuckDB's row ids, by which numbersToText writes each cell back: refused, naming it. */
function refuseHiddenRowIds(described: readonly [string, string][], table: string, columns: readonly string[]): void {
  const hiding = described.find(([name]) => foldedName(name) === "rowid")?.[0];
  if (hiding === undefined) return;
  throw new ValueError(
    `${table}: a table whose column ${JSON.stringify(hiding)} hides DuckDB's row ids, by which the run turns ${columns.join(", ")} to text; ` +
      `rename that column (ALTER TABLE ${table} RENAME COLUMN ${quoted(hiding)} TO …) and sync again; what the run had not committed yet was not written`,
  );
}

const idIsText = (described: readonly [string, string][]): boolean =>
  described.some(([name, type]) => foldedName(name) === "id" && type === "VARCHAR");

/**
 * The kept pulled texts written over the printed numbers. A row is found by its id: a numeric id
 * column holds the number the id spells, a text one the id as pulled. An id column made text here
 * gets its own kept texts first (its rows found by the number their printed id spells), so that the
 * other columns' rows are found by the ids as pulled.
 */
async function restoreKeptTexts(
  connection: DuckDBConnection,
  table: string,
  columns: readonly string[],
  idWasText: boolean,
): Promise<void> {
  const idColumn = columns.find((column) => foldedName(column) === "id");
  if (idColumn !== undefined) await keptTextsInto(connection, table, idColumn, `TRY_CAST(${table}.id AS DOUBLE) = ${KEPT}.num`);
  const sameId = keptRowOf(table, idWasText || idColumn !== undefined);
  for (const column of columns) if (column !== idColumn) await keptTextsInto(connection, table, column, sameId);
}

/** SQL that finds the row of a kept text (`k`) in `table`: by the id as pulled in a text id column, by its number in a numeric one. */
const keptRowOf = (table: string, textIds: boolean): string => (textIds ? `${table}.id = ${KEPT}.id` : `${table}.id = ${KEPT}.num`);

async function keptTextsInto(connection: DuckDBConnection, table: string, column: string, sameId: string): Promise<void> {
  await connection.run(
    `UPDATE ${table} SET ${quoted(column)} = ${KEPT}.text FROM ${NUMERIC_TEXTS} ${KEPT} WHERE ${sameId} AND ${KEPT}.name = ${sqlText(column)} AND ${KEPT}.text IS NOT NULL`,
  );
}

/**
 * A staged column of whole numbers just made DOUBLE gets back the negative zeros NUMERIC_TEXTS kept
 * for it (a -0 pulled, or numeric text such as "-0.0"), which BIGINT held as 0. DuckDB skips an
 * UPDATE that writes a value equal to the one the cell holds (-0 = 0, and a null cell holds 0 under
 * its mask), so each goes through 1 first.
 */
export async function negativeZerosBack(connection: DuckDBConnection, table: string, column: string): Promise<void> {
  const sameId = keptRowOf(table, idIsText(await describedColumns(connection, table)));
  const text = `${KEPT}.text`;
  const negativeZero = `(${text} IS NULL OR (TRY_CAST(${text} AS DOUBLE) = 0 AND signbit(TRY_CAST(${text} AS DOUBLE))))`;
  for (const value of ["1", "CAST('-0' AS DOUBLE)"])
    await connection.run(
      `UPDATE ${table} SET ${quoted(column)} = ${value} FROM ${NUMERIC_TEXTS} ${KEPT} WHERE ${sameId} AND ${KEPT}.name = ${sqlText(column)} AND ${negativeZero}`,
    );
}
