import type { ColumnType } from "../table/columnType";
import type { ExportOptions } from "./types";
import type { StoredColumn } from "../arrow/arrowCodec";

export type { ColumnType } from "../table/columnType";

/** Options of `writeParquet` and `writeArrow` (docs/parquet.md). */
export interface ColumnarOptions extends ExportOptions {
  /**
   * Column types fixed up front, by column name (the others are inferred). Needed only where a
   * streamed pull's first rows cannot tell: a column that is empty in them, or whole numbers that a
   * later page follows with fractions.
   */
  types?: Readonly<Record<string, ColumnType>>;
  /**
   * What to do when a later page brings columns the first rows lacked: "raise" (the default for
   * Parquet and Arrow, whose schema is fixed once written), "warn" or "ignore" (left out).
   */
  onNewColumns?: "warn" | "raise" | "ignore";
  /**
   * Rows per row group (Parquet) or record batch (Arrow); a streamed pull's types are inferred from
   * the first this many rows. Default: about 400,000 cells (400,000 / columns), at least 1,000; a
   * Parquet row group at least 4,096 rows (the types still from the first batch).
   */
  batchRows?: number;
  /**
   * Hive-style partitions: a folder with one subfolder per value (`out/study_id=482/part-0.parquet`),
   * the columns left out of the files (their values are in the folder names). Parquet only.
   */
  partitionBy?: readonly string[];
  /**
   * partitionBy only: part files open at once (default 100). Past it, the partition written least
   * recently has its file finished, and its later rows start another (`part-1.parquet`, ...).
   */
  maxOpenFiles?: number;
  /**
   * A pull's pages only (`client.pages(...)`): keep the work of an export that fails or is
   * interrupted beside the target (`.name.resume/`), and continue it from the next page when run
   * again with `resume: true` (docs/parquet.md, "Resuming"). Parquet, partitioned Parquet and Arrow.
   */
  resume?: boolean;
}

/** The columns of a columnar file, fixed before its first batch. */
export interface ColumnarSchema {
  readonly names: readonly string[];
  readonly types: readonly ColumnType[];
}

/**
 * One batch of rows as columns: per column, its values as `cellAs` stores them, null where missing,
 * but that an int64 cell that is a safe integer may be a number, and a double column with a value in
 * every row may be a Float64Array (TypedBatches keeps a page's numbers so).
 */
export interface ColumnBatch {
  readonly rows: number;
  readonly columns: readonly StoredColumn[];
}

export type { StoredCell, StoredColumn } from "../arrow/arrowCodec";

/** A columnar file being written: batches in, then `finish` writes the footer. */
export interface ColumnarFileWriter {
  writeBatch(batch: ColumnBatch): Promise<void>;
  finish(): Promise<void>;
  /** the export failed: stops what the file's writing still runs (a thread) */
  abort?(): Promise<void>;
}
