import type { Writable } from "node:stream";
import type { JsonRecord } from "../table/types";
import type { FrameShape } from "../frame/frameShape";

/** What the writers read of a danfo DataFrame: duck-typed, so danfo is never loaded to check. */
export type FrameSource = FrameShape;

/** One page of a pull, as `client.pages(...)` and `client.rawPages(...)` yield it. */
export interface RecordPageLike {
  readonly records: readonly JsonRecord[];
  /** the endpoint the records came from: decides their column names, as in a frame */
  readonly endpoint?: string;
  /** the pull asked for stackData: its nested lists become rows, as in a frame */
  readonly stackData?: boolean;
}

/**
 * What can be exported: a danfo DataFrame, an array of plain records, or the pages of a pull (an
 * async or sync iterable of `{ records }` pages or of record arrays), written page by page.
 */
export type ExportSource =
  | FrameSource
  | readonly JsonRecord[]
  | AsyncIterable<RecordPageLike | readonly JsonRecord[]>
  | Iterable<RecordPageLike | readonly JsonRecord[]>;

/** A file path, or a writable stream (left open: the caller owns it, e.g. process.stdout). */
export type ExportTarget = string | Writable;

export type ExportFormat = "csv" | "ndjson" | "json" | "xlsx" | "parquet" | "arrow";

export interface ExportOptions {
  /** records only: nested lists become rows, as `stackData` does for a frame */
  stackData?: boolean;
  /**
   * records only: the endpoint they came from (`"brandscape-data"`), which decides column names as
   * in a frame. Pages of `client.pages(...)` carry their own; give it for plain record arrays.
   */
  endpoint?: string;
  /** @deprecated use `endpoint: "brandscape-data"` */
  globalPrefix?: boolean;
  /**
   * The header, fixed up front. Without it a frame's columns are used, and for records the columns
   * of the first page (see "header policy" in docs/cli.md).
   */
  columns?: readonly string[];
  /** what to do when a later page brings columns the header lacks: "warn" (default), "raise", "ignore" */
  onNewColumns?: "warn" | "raise" | "ignore";
  /** records only: false writes records as they came (NDJSON and JSON only); default true */
  flatten?: boolean;
}

export interface CsvOptions extends ExportOptions {
  /** default "," */
  delimiter?: string;
  /** default "\n"; "\r\n" for RFC 4180's own line ends */
  recordDelimiter?: "\n" | "\r\n";
  /** a UTF-8 byte-order mark first, so Excel reads the file as UTF-8; default false */
  bom?: boolean;
  /** write the header line; default true */
  header?: boolean;
  /**
   * default true: a text cell starting with `=`, `+`, `-`, `@`, tab or CR (or their full-width forms)
   * gets a leading `'`, so a spreadsheet shows it rather than running it as a formula (OWASP's CSV
   * injection rule); numbers are never changed. false writes text exactly as it is.
   */
  escapeFormulas?: boolean;
}

export interface ExcelOptions extends ExportOptions {
  /** name of the first sheet; further sheets get `_2`, `_3`, ...; default "data" */
  sheetName?: string;
  /** data rows per sheet, below the header; default and maximum 1,048,575 (Excel's limit less the header) */
  maxRowsPerSheet?: number;
  /** past `maxRowsPerSheet`: "split" into further sheets (default) or "raise" */
  onSheetOverflow?: "split" | "raise";
}

export interface JsonOptions extends ExportOptions {
  /** JSON only: spaces of indentation inside each record; default none (one record per line) */
  indent?: number;
}

export interface ExportSummary {
  format: ExportFormat;
  /** the file written, or undefined when writing to a stream */
  path: string | undefined;
  /** data rows written */
  rows: number;
  /** the header written (CSV, Excel), or every key seen (NDJSON, JSON) */
  columns: string[];
  /** keys that later pages brought and the fixed header left out (CSV, Excel) */
  droppedColumns: string[];
  /** Excel only: the sheets written, in order */
  sheets?: string[];
  /** Parquet with partitionBy only: the partition folders written (`study_id=482`), in first-seen order */
  partitions?: string[];
  /** `resume: true` only, when an earlier export was continued: the first page this run fetched */
  resumedFromPage?: number;
}
