import type { DuckDBAppender, DuckDBConnection, DuckDBType, DuckDBValue } from "@duckdb/node-api";
import type { PageChunk, RowShape } from "../table/types";
import { isMissingCell } from "../table/columnType";
import { cellAs } from "../table/cellConversion";
import { ColumnCounts, hasLoneSurrogate } from "../export/columnCounts";
import type { DuckDB } from "./loadDuckDB";
import { STAGING_TABLE } from "../sync/types";
import { alterTypeSql, chunkSqlTypes, quoted, widenSql, type SqlType } from "./sqlTypes";

/** DuckDB's vector size: a data chunk holds at most this many rows. */
const CHUNK_ROWS = 2048;

/** A pulled cell as the DuckDB value of its column's type (the column's type holds it: widen). */
function duckValue(duckdb: DuckDB, type: SqlType, value: unknown): DuckDBValue {
  if (isMissingCell(value)) return null;
  switch (type) {
    case "BIGINT":
      return cellAs("int64", value);
    case "DOUBLE":
      return cellAs("double", value);
    case "BOOLEAN":
      return cellAs("boolean", value);
    case "DATE":
      return new duckdb.DuckDBDateValue(cellAs("date", value) as number);
    case "TIMESTAMP":
      return new duckdb.DuckDBTimestampValue(cellAs("timestamp", value) as bigint);
    case "VARCHAR":
      return cellAs("utf8", value);
  }
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

/** What a transaction found of the staging table. */
export interface StagingState {
  readonly created: boolean;
  readonly columns: readonly (readonly [string, SqlType])[];
}

/**
 * A pull's rows in a table of their own (STAGING_TABLE), a page at a time as the pages arrive, so
 * that no more than a page is held in memory: a page's column new to the table is added, a column
 * whose type widened (the table model's rule) is widened. A temporary table: made in a sync's
 * transaction, it outlives the commit (a group of studies pulled together is committed study by
 * study from it) and never the connection, so a killed run leaves none in the file.
 */
export class Staging {
  /** the staged columns and their types, in the table's order */
  readonly columns = new Map<string, SqlType>();
  #created = false;
  /** kept open from page to page (a flush costs a DuckDB append of its own); closed before the table changes or is read */
  #appender: DuckDBAppender | undefined;

  constructor(
    private readonly duckdb: DuckDB,
    private readonly connection: DuckDBConnection,
    /** text cells UTF-8 cannot hold (a lone surrogate, written as U+FFFD), by column, for the run's one warning */
    private readonly loneSurrogates: ColumnCounts,
  ) {}

  get created(): boolean {
    return this.#created;
  }

  /** Appends one page's columns, typed by the table model (chunkSqlTypes); its shape's documented types decide where values cannot. */
  async append(chunk: PageChunk, declaredTypes?: RowShape["declaredTypes"]): Promise<void> {
    const pageTypes = chunkSqlTypes(chunk, declaredTypes);
    await this.#fit(chunk.names, pageTypes);
    if (chunk.rowCount === 0) return;
    const order = [...this.columns.keys()];
    const types = [...this.columns.values()];
    const at = new Map(chunk.names.map((name, c) => [name, c]));
    const duckTypes = types.map((type) => duckTypeOf(this.duckdb, type));
    this.#appender ??= await this.connection.createAppender(STAGING_TABLE, "main", "temp");
    for (let start = 0; start < chunk.rowCount; start += CHUNK_ROWS) {
      const end = Math.min(start + CHUNK_ROWS, chunk.rowCount);
      const data = this.duckdb.DuckDBDataChunk.create(duckTypes, end - start);
      order.forEach((name, i) => {
        const vector = data.getColumnVector(i);
        const c = at.get(name);
        // a column this page lacks, or holds no value of: null in its rows
        const cells = c === undefined || pageTypes[c] === undefined ? undefined : chunk.columns[c];
        if (cells === undefined) for (let row = start; row < end; row++) vector.setItem(row - start, null);
        else if (cells instanceof Float64Array && types[i] === "DOUBLE")
          for (let row = start; row < end; row++) vector.setItem(row - start, cells[row]);
        else if (types[i] === "VARCHAR")
          for (let row = start; row < end; row++) {
            const text = duckValue(this.duckdb, "VARCHAR", cells[row]);
            if (typeof text === "string" && hasLoneSurrogate(text)) this.loneSurrogates.add(name);
            vector.setItem(row - start, text);
          }
        else for (let row = start; row < end; row++) vector.setItem(row - start, duckValue(this.duckdb, types[i], cells[row]));
        vector.flush();
      });
      this.#appender.appendDataChunk(data);
    }
  }

  /** Writes what the appender holds into the table, so that it can be changed or read. */
  flush(): void {
    if (this.#appender === undefined) return;
    const appender = this.#appender;
    this.#appender = undefined;
    try {
      appender.flushSync();
    } catch (error) {
      try {
        appender.closeSync();
      } catch {
        // the flush's error is the one to tell (closing repeats it as "transaction is aborted")
      }
      throw error;
    }
    appender.closeSync();
  }

  /** Creates the table for the first page's columns, then adds and widens columns for later pages. */
  async #fit(names: readonly string[], pageTypes: readonly (SqlType | undefined)[]): Promise<void> {
    if (!this.#created) {
      this.flush();
      pageTypes.forEach((type, c) => {
        if (type !== undefined) this.columns.set(names[c], type);
      });
      if (!this.columns.has("id")) this.columns.set("id", "BIGINT");
      const columns = [...this.columns].map(([name, type]) => `${quoted(name)} ${type}`).join(", ");
      await this.connection.run(`CREATE TEMP TABLE ${STAGING_TABLE} (${columns})`);
      this.#created = true;
      return;
    }
    for (const [c, type] of pageTypes.entries()) {
      if (type === undefined) continue; // empty in every row of this page: nothing to say of its type
      const name = names[c];
      const before = this.columns.get(name);
      if (before === undefined) {
        this.flush();
        await this.connection.run(`ALTER TABLE ${STAGING_TABLE} ADD COLUMN ${quoted(name)} ${type}`);
        this.columns.set(name, type);
      } else if (widenSql(before, type) !== before) {
        const widened = widenSql(before, type);
        this.flush();
        await this.connection.run(alterTypeSql(STAGING_TABLE, name, before, widened));
        this.columns.set(name, widened);
      }
    }
  }

  /** Creates the (empty) table when no page came. */
  async ensureCreated(): Promise<void> {
    this.flush();
    if (!this.#created) await this.#fit([], []);
  }

  /** The table as a transaction begins (whether it is there, its columns), for `restore`. */
  saved(): StagingState {
    return { created: this.#created, columns: [...this.columns] };
  }

  /** The table as a rolled-back transaction found it: made, dropped, added to or widened in it, it is as it was. */
  restore(saved: StagingState): void {
    this.#appender = undefined;
    this.#created = saved.created;
    this.columns.clear();
    for (const [name, type] of saved.columns) this.columns.set(name, type);
  }

  async drop(): Promise<void> {
    this.flush();
    if (this.#created) await this.connection.run(`DROP TABLE ${STAGING_TABLE}`);
    this.#created = false;
    this.columns.clear();
  }
}
