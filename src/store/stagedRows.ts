import type { DuckDBAppender, DuckDBConnection, DuckDBDataChunk, DuckDBType, DuckDBValue, DuckDBVector } from "@duckdb/node-api";
import type { PageChunk, RowShape } from "../table/types";
import { isMissingCell } from "../table/columnType";
import { ValueError } from "../errors";
import { cellAs } from "../table/cellConversion";
import { ColumnCounts } from "../table/columnCounts";
import { hasLoneSurrogate } from "../export/columnCounts";
import type { DuckDB } from "./loadDuckDB";
import { STAGING_TABLE } from "../sync/types";
import type { ColumnType } from "../table/columnType";
import { alterTypeSql, foldedName, quoted, sqlTypeOf } from "./sqlTypes";
import { NumberSlots } from "./numberSlots";
import { chunkColumnTypes, widenStored } from "./storedTypes";
import { addDocumentedBooleans } from "./storedFlags";
import {
  keepNumericTexts,
  NUMERIC_TEXTS,
  negativeZerosBack,
  numbersToText,
  numbersTurnText,
  pulledNumericTexts,
  type ChunkRows,
} from "./textWidening";

/** DuckDB's vector size: a data chunk holds at most this many rows. */
const CHUNK_ROWS = 2048;

/** A pulled cell as the DuckDB value of its column's type (the column's type holds it: widenStored). */
function duckValue(duckdb: DuckDB, type: ColumnType, value: unknown): DuckDBValue {
  if (isMissingCell(value)) return null;
  switch (type) {
    case "date":
      return new duckdb.DuckDBDateValue(cellAs("date", value) as number);
    case "timestamp":
      return new duckdb.DuckDBTimestampValue(cellAs("timestamp", value) as bigint);
    default:
      return cellAs(type, value) as DuckDBValue;
  }
}

/** The appender's vector type of a column type (the SQL type sqlTypeOf writes). */
function duckTypeOf(duckdb: DuckDB, type: ColumnType): DuckDBType {
  const types: Record<ColumnType, DuckDBType> = {
    int64: duckdb.BIGINT,
    double: duckdb.DOUBLE,
    boolean: duckdb.BOOLEAN,
    date: duckdb.DATE,
    timestamp: duckdb.TIMESTAMP,
    utf8: duckdb.VARCHAR,
  };
  return types[type];
}

const columnIndexes = new WeakMap<PageChunk, Map<string, number>>();

/** A chunk's column of this name (`folded`: foldedName), compared as DuckDB compares names (ASCII letters in either case alike). */
function columnAt(chunk: PageChunk, folded: string): number | undefined {
  let at = columnIndexes.get(chunk);
  if (at === undefined) {
    at = new Map(chunk.names.map((column, c) => [foldedName(column), c]));
    columnIndexes.set(chunk, at);
  }
  return at.get(folded);
}

/** A data chunk of one column layout with its vectors, made once and written again for each batch of rows. */
interface LayoutChunk {
  readonly data: DuckDBDataChunk;
  readonly vectors: readonly DuckDBVector[];
}

/**
 * Rows of page chunks into DuckDB through its appender. The data chunk of a column layout is made
 * once a run and reused, and so are its vectors: a chunk holds DuckDB's full vector size in every
 * column, and its memory is let go only when the garbage collector finds its wrapper, so a chunk
 * per commit grew the process by hundreds of MiB between collections. A vector the node API hands
 * out holds a copy of the column's data (DuckDB's to JavaScript, written back at its flush), made
 * anew each time the chunk's row count is set: made once at the full vector size, the same copy
 * takes every batch's rows (a batch sets every row of every column), where a copy per column and
 * batch put the rows' size again through short-lived buffers.
 */
export class RowAppends {
  readonly #chunks = new Map<string, LayoutChunk>();

  constructor(
    private readonly duckdb: DuckDB,
    /** text cells UTF-8 cannot hold (a lone surrogate, written as U+FFFD), by column, for the run's one warning */
    private readonly loneSurrogates: ColumnCounts,
  ) {}

  /**
   * Appends the rows in the table's column order and types (`columns`, every column of the table):
   * a column a chunk lacks is null in its rows; each cell is the DuckDB value of its column's type
   * (the column's type holds it: widenStored first). Returns the rows appended.
   */
  append(appender: DuckDBAppender, columns: readonly (readonly [string, ColumnType])[], parts: readonly ChunkRows[]): number {
    return appendRows(this.duckdb, appender, columns, parts, this.loneSurrogates, (rowCount) => this.#chunk(columns, rowCount));
  }

  #chunk(columns: readonly (readonly [string, ColumnType])[], rowCount: number): LayoutChunk {
    const key = columns.map(([, type]) => type).join();
    let layout = this.#chunks.get(key);
    if (layout === undefined) {
      if (this.#chunks.size >= MAX_KEPT_CHUNKS) this.#chunks.clear();
      const data = this.duckdb.DuckDBDataChunk.create(columns.map(([, type]) => duckTypeOf(this.duckdb, type)));
      data.rowCount = CHUNK_ROWS;
      layout = { data, vectors: columns.map((_, i) => data.getColumnVector(i)) };
      this.#chunks.set(key, layout);
    }
    layout.data.reset();
    layout.data.rowCount = rowCount;
    return layout;
  }
}

/** Column layouts whose data chunk a run keeps (a run writes one table, widened now and then). */
const MAX_KEPT_CHUNKS = 4;

function appendRows(
  duckdb: DuckDB,
  appender: DuckDBAppender,
  columns: readonly (readonly [string, ColumnType])[],
  parts: readonly ChunkRows[],
  loneSurrogates: ColumnCounts,
  dataChunk: (rowCount: number) => LayoutChunk,
): number {
  let appended = 0;
  const foldedNames = columns.map(([name]) => foldedName(name));
  // segments of parts' rows, up to a data chunk's CHUNK_ROWS rows at a time
  let batch: { part: ChunkRows; from: number; to: number }[] = [];
  let batchRows = 0;
  const flush = () => {
    if (batchRows === 0) return;
    const { data, vectors } = dataChunk(batchRows);
    columns.forEach(([name, type], i) => {
      const folded = foldedNames[i];
      const vector = vectors[i];
      const slots = NumberSlots.of(vector, type);
      let offset = 0;
      for (const { part, from, to } of batch) {
        const c = columnAt(part.chunk, folded);
        const cells = c === undefined ? undefined : part.chunk.columns[c];
        const rows = part.rows;
        const at = (k: number) => (rows === undefined ? k : rows[k]);
        if (cells === undefined && slots) slots.setNulls(offset, to - from);
        else if (cells === undefined) for (let k = from; k < to; k++) vector.setItem(offset + k - from, null);
        else if (cells instanceof Float64Array && slots) slots.setNumbers(offset, cells, rows, from, to);
        else if (cells instanceof Float64Array && type === "double")
          for (let k = from; k < to; k++) vector.setItem(offset + k - from, cells[at(k)]);
        else if (type === "utf8")
          for (let k = from; k < to; k++) {
            const text = duckValue(duckdb, "utf8", cells[at(k)]);
            if (typeof text === "string" && hasLoneSurrogate(text)) loneSurrogates.add(name);
            vector.setItem(offset + k - from, text);
          }
        else for (let k = from; k < to; k++) vector.setItem(offset + k - from, duckValue(duckdb, type, cells[at(k)]));
        offset += to - from;
      }
      vector.flush();
    });
    appender.appendDataChunk(data);
    appended += batchRows;
    batch = [];
    batchRows = 0;
  };
  for (const part of parts) {
    const count = part.rows === undefined ? part.chunk.rowCount : part.rows.length;
    for (let from = 0; from < count;) {
      const to = Math.min(count, from + CHUNK_ROWS - batchRows);
      batch.push({ part, from, to });
      batchRows += to - from;
      from = to;
      if (batchRows === CHUNK_ROWS) flush();
    }
  }
  flush();
  return appended;
}

/** Writes what an appender holds into its table and closes it (a flush's error is the one told). */
export function closeAppender(appender: DuckDBAppender): void {
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

/**
 * A page's column types fitted into a pull's (`columns`, in order of first appearance): a column new
 * to them is added, one whose type widened (the table model's rule) is widened. Says what changed.
 */
export function fitColumnTypes(
  columns: Map<string, ColumnType>,
  names: readonly string[],
  pageTypes: readonly (ColumnType | undefined)[],
): { added: [string, ColumnType][]; widened: [string, ColumnType, ColumnType][] } {
  const added: [string, ColumnType][] = [];
  const widened: [string, ColumnType, ColumnType][] = [];
  let folded: Map<string, string> | undefined;
  for (const [c, type] of pageTypes.entries()) {
    if (type === undefined) continue; // empty in every row of this page: nothing to say of its type (PullOrder keeps its place)
    const name = names[c];
    const before = columns.get(name);
    if (before === undefined) {
      folded ??= new Map([...columns.keys()].map((other) => [foldedName(other), other]));
      refuseUnstorableName(name, folded);
      folded.set(foldedName(name), name);
      columns.set(name, type);
      added.push([name, type]);
    } else if (widenStored(before, type) !== before) {
      const after = widenStored(before, type);
      columns.set(name, after);
      widened.push([name, before, after]);
    }
  }
  return { added, widened };
}

/**
 * A column DuckDB cannot hold beside the others: a name of no characters, one with a NUL (its SQL
 * ends a name there) or a lone surrogate (its names are UTF-8), or one that differs from another
 * only in the case of ASCII letters (DuckDB compares names so: foldedName; a frame keeps both).
 * `é` and `É` are two names to DuckDB, and two columns.
 */
function refuseUnstorableName(name: string, folded: ReadonlyMap<string, string>): void {
  const hint = "nothing of the pull was committed: leave it out with `fields`, or read the pull as a frame";
  if (name === "") throw new ValueError(`the pull has a column named "" (an empty key), which a DuckDB table cannot hold; ${hint}`);
  const unholdable = name.includes("\u0000")
    ? "a NUL character"
    : hasLoneSurrogate(name)
      ? "a lone surrogate (half of a UTF-16 pair)"
      : undefined;
  if (unholdable !== undefined)
    throw new ValueError(
      `the pull has a column named ${JSON.stringify(name)}, with ${unholdable}, which a DuckDB column name cannot hold; ${hint}`,
    );
  if (foldedName(name) === "rowid")
    throw new ValueError(
      `the pull has a column named ${JSON.stringify(name)}, which would hide DuckDB's row ids, by which the store writes cells back; ${hint}`,
    );
  const other = folded.get(foldedName(name));
  if (other !== undefined)
    throw new ValueError(
      `the pull has columns ${JSON.stringify(other)} and ${JSON.stringify(name)}, which differ only in case: a DuckDB table cannot hold both (DuckDB compares names ignoring the case of ASCII letters); ${hint}`,
    );
}

/**
 * The order a pull's pages first bring its column names in, a name whose cells are all null
 * counting: a frame's column order. The staged columns cannot keep it (a column null on the first
 * pages has no type there, and is added when a later page types it), so the table a sync creates
 * takes its order from here.
 */
export class PullOrder {
  readonly #at = new Map<string, number>();

  see(names: Iterable<string>): void {
    for (const name of names) if (!this.#at.has(name)) this.#at.set(name, this.#at.size);
  }

  /** The names seen, in order. */
  get names(): string[] {
    return [...this.#at.keys()];
  }

  /** The columns in this order; a column no page brought (the `id` made for a pull without one) comes after the others. */
  sorted(columns: ReadonlyMap<string, ColumnType>): Map<string, ColumnType> {
    const last = this.#at.size;
    return new Map([...columns].sort(([a], [b]) => (this.#at.get(a) ?? last) - (this.#at.get(b) ?? last)));
  }

  clear(): void {
    this.#at.clear();
  }
}

/** What a transaction found of the staging table. */
export interface StagingState {
  readonly created: boolean;
  readonly columns: readonly (readonly [string, ColumnType])[];
  readonly order: readonly string[];
  readonly numericTexts: boolean;
}

/**
 * A pull's rows in a table of their own (STAGING_TABLE): a resource's pull a page at a time as the
 * pages arrive, so that no more than a page is held in memory (a page's column new to the table is
 * added, a column whose type widened, by the table model's rule, is widened); or one study of a
 * held pull that the table already holds rows of (load). A temporary table: made in a sync's
 * transaction, it never outlives the connection, so a killed run leaves none in the file.
 */
export class Staging {
  /** the staged columns and their types, in the table's order */
  readonly columns = new Map<string, ColumnType>();
  /** the pulled columns the docs type as boolean (storedFlags.ts) */
  readonly documentedBooleans = new Set<string>();
  /** the order the pull brought its columns in (inPullOrder) */
  readonly #order = new PullOrder();
  #created = false;
  /** whether NUMERIC_TEXTS was made (it holds the pulled text of staged numbers that print otherwise) */
  #numericTexts = false;
  /** kept open from page to page (a flush costs a DuckDB append of its own); closed before the table changes or is read */
  #appender: DuckDBAppender | undefined;

  constructor(
    private readonly connection: DuckDBConnection,
    private readonly appends: RowAppends,
  ) {}

  get created(): boolean {
    return this.#created;
  }

  /** Appends one page's columns, typed by the table model (chunkColumnTypes); its shape's documented types decide where values cannot. */
  async append(chunk: PageChunk, declaredTypes?: RowShape["declaredTypes"]): Promise<void> {
    this.#order.see(chunk.names);
    addDocumentedBooleans(this.documentedBooleans, chunk.names, declaredTypes);
    await this.#fit(chunk.names, chunkColumnTypes(chunk, declaredTypes));
    if (chunk.rowCount === 0) return;
    this.#appender ??= await this.connection.createAppender(STAGING_TABLE, "main", "temp");
    await this.#appended(this.#appender, [{ chunk }]);
  }

  /** The table made anew with these columns (in the pull's order: HeldRows.types), holding these rows (one study of a held pull), and the pull's documented booleans. */
  async load(columns: ReadonlyMap<string, ColumnType>, parts: readonly ChunkRows[], documentedBooleans: Iterable<string>): Promise<void> {
    await this.drop();
    this.#order.see(columns.keys());
    for (const name of documentedBooleans) this.documentedBooleans.add(name);
    await this.#create(columns);
    const appender = await this.connection.createAppender(STAGING_TABLE, "main", "temp");
    await this.#appended(appender, parts);
    closeAppender(appender);
  }

  /** Appends rows, keeping the pulled text of their numbers that print otherwise. */
  async #appended(appender: DuckDBAppender, parts: readonly ChunkRows[]): Promise<void> {
    const columns = [...this.columns];
    const kept = pulledNumericTexts(columns, parts);
    this.appends.append(appender, columns, parts);
    await keepNumericTexts(this.connection, kept, this.#numericTexts);
    this.#numericTexts ||= kept.length > 0;
  }

  /** A staged column made text, each cell as a frame gives it, for a table that holds the column as text. */
  async asText(name: string, type: ColumnType): Promise<void> {
    this.flush();
    if (numbersTurnText(type, "utf8")) await numbersToText(this.connection, STAGING_TABLE, [name], this.#numericTexts);
    else if (type !== "utf8") await this.connection.run(alterTypeSql(STAGING_TABLE, name, type, "utf8"));
    this.columns.set(name, "utf8");
  }

  /** A staged column of whole numbers made DOUBLE, its negative zeros back (BIGINT held them as 0), for a table that holds the column as DOUBLE. */
  async asDouble(name: string): Promise<void> {
    this.flush();
    await this.connection.run(alterTypeSql(STAGING_TABLE, name, "int64", "double"));
    if (this.#numericTexts) await negativeZerosBack(this.connection, STAGING_TABLE, name);
    this.columns.set(name, "double");
  }

  /** The staged columns and their types in the order the pull first brought them (PullOrder), for the table a sync creates. */
  inPullOrder(): Map<string, ColumnType> {
    return this.#order.sorted(this.columns);
  }

  /** Writes what the appender holds into the table, so that it can be changed or read. */
  flush(): void {
    if (this.#appender === undefined) return;
    const appender = this.#appender;
    this.#appender = undefined;
    closeAppender(appender);
  }

  /** Creates the table for the first page's columns, then adds and widens columns for later pages. */
  async #fit(names: readonly string[], pageTypes: readonly (ColumnType | undefined)[]): Promise<void> {
    if (!this.#created) {
      const columns = new Map<string, ColumnType>();
      fitColumnTypes(columns, names, pageTypes);
      await this.#create(columns);
      return;
    }
    const { added, widened } = fitColumnTypes(this.columns, names, pageTypes);
    if (added.length + widened.length > 0) this.flush();
    for (const [name, type] of added)
      await this.connection.run(`ALTER TABLE ${STAGING_TABLE} ADD COLUMN ${quoted(name)} ${sqlTypeOf(type)}`);
    const toText: string[] = [];
    for (const [name, before, after] of widened)
      if (numbersTurnText(before, after)) toText.push(name);
      else {
        await this.connection.run(alterTypeSql(STAGING_TABLE, name, before, after));
        if (before === "int64" && after === "double" && this.#numericTexts) await negativeZerosBack(this.connection, STAGING_TABLE, name);
      }
    await numbersToText(this.connection, STAGING_TABLE, toText, this.#numericTexts);
  }

  async #create(columns: ReadonlyMap<string, ColumnType>): Promise<void> {
    this.flush();
    this.columns.clear();
    for (const [name, type] of columns) this.columns.set(name, type);
    if (!this.columns.has("id")) this.columns.set("id", "int64");
    const list = [...this.columns].map(([name, type]) => `${quoted(name)} ${sqlTypeOf(type)}`).join(", ");
    await this.connection.run(`CREATE TEMP TABLE ${STAGING_TABLE} (${list})`);
    this.#created = true;
  }

  /** Creates the (empty) table when no page came. */
  async ensureCreated(): Promise<void> {
    this.flush();
    if (!this.#created) await this.#fit([], []);
  }

  /** The table as a transaction begins (whether it is there, its columns), for `restore`. */
  saved(): StagingState {
    return { created: this.#created, columns: [...this.columns], order: this.#order.names, numericTexts: this.#numericTexts };
  }

  /** The table as a rolled-back transaction found it: made, dropped, added to or widened in it, it is as it was. */
  restore(saved: StagingState): void {
    this.#appender = undefined;
    this.#created = saved.created;
    this.#numericTexts = saved.numericTexts;
    this.columns.clear();
    for (const [name, type] of saved.columns) this.columns.set(name, type);
    this.#order.clear();
    this.#order.see(saved.order);
  }

  async drop(): Promise<void> {
    this.flush();
    if (this.#created) await this.connection.run(`DROP TABLE ${STAGING_TABLE}`);
    if (this.#numericTexts) await this.connection.run(`DROP TABLE ${NUMERIC_TEXTS}`);
    this.#created = false;
    this.#numericTexts = false;
    this.columns.clear();
    this.documentedBooleans.clear();
    this.#order.clear();
  }
}
