import type { DuckDBConnection, DuckDBType, DuckDBValue } from "@duckdb/node-api";
import type { ColumnTable } from "../table/types";
import { isMissingCell } from "../table/columnType";
import { cellAs } from "../table/cellConversion";
import type { DuckDB } from "./loadDuckDB";
import { quoted, type SqlType } from "./sqlTypes";

/** DuckDB's vector size: a data chunk holds at most this many rows. */
const CHUNK_ROWS = 2048;

export const STAGING_TABLE = "fountframe_staging";

/** A cell as the DuckDB value of its column's type (text for text columns whatever the value). */
function duckValue(duckdb: DuckDB, type: SqlType, value: unknown): DuckDBValue {
  if (isMissingCell(value)) return null;
  switch (type) {
    case "BIGINT":
      return typeof value === "string" ? BigInt(Math.trunc(Number(value))) : cellAs("int64", value);
    case "DOUBLE":
      return typeof value === "string" ? Number(value) : cellAs("double", value);
    case "BOOLEAN":
      return typeof value === "boolean" ? value : Boolean(value);
    case "DATE":
      return new duckdb.DuckDBDateValue(cellAs("date", value) as number);
    case "TIMESTAMP":
      return new duckdb.DuckDBTimestampValue(cellAs("timestamp", value) as bigint);
    case "VARCHAR":
      return cellAs("utf8", value);
  }
}

/**
 * The pulled rows in a table of their own (STAGING_TABLE) under the given types, appended a data
 * chunk at a time; the caller's transaction holds it, and drops it before committing.
 */
export async function stageRows(
  duckdb: DuckDB,
  connection: DuckDBConnection,
  table: ColumnTable,
  types: readonly SqlType[],
): Promise<void> {
  const columns = table.columns.map((name, i) => `${quoted(name)} ${types[i]}`).join(", ");
  await connection.run(`CREATE TABLE ${STAGING_TABLE} (${columns})`);
  const duckTypes = types.map((type) => duckTypeOf(duckdb, type));
  const appender = await connection.createAppender(STAGING_TABLE);
  for (let start = 0; start < table.rowCount; start += CHUNK_ROWS) {
    const end = Math.min(start + CHUNK_ROWS, table.rowCount);
    const chunk = duckdb.DuckDBDataChunk.create(duckTypes, end - start);
    chunk.setColumns(
      table.data.map((cells, c) => {
        const values = new Array<DuckDBValue>(end - start);
        for (let row = start; row < end; row++) values[row - start] = duckValue(duckdb, types[c], cells[row]);
        return values;
      }),
    );
    appender.appendDataChunk(chunk);
  }
  appender.flushSync();
  appender.closeSync();
}

function duckTypeOf(duckdb: DuckDB, type: SqlType): DuckDBType {
  const types: Record<SqlType, DuckDBType> = {
    BIGINT: duckdb.BIGINT,
    DOUBLE: duckdb.DOUBLE,
    BOOLEAN: duckdb.BOOLEAN,
    DATE: duckdb.DATE,
    TIMESTAMP: duckdb.TIMESTAMP,
    VARCHAR: duckdb.VARCHAR,
  };
  return types[type];
}
