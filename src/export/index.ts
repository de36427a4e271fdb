export { writeCSV } from "./writeCSV";
export { writeNDJSON } from "./writeNDJSON";
export { writeJSON } from "./writeJSON";
export { writeExcel } from "./writeExcel";
export { writeParquet } from "./writeParquet";
export { writeArrow } from "./writeArrow";
export type { ColumnarOptions, ColumnType } from "./columnarTypes";
export { writeTable, formatFromPath, EXPORT_FORMATS, type WriteOptions } from "./formats";
export { EXCEL_MAX_DATA_ROWS } from "./excelSheets";
export { ExportError } from "./exportError";
export type {
  ExportSource,
  ExportTarget,
  ExportFormat,
  ExportOptions,
  CsvOptions,
  ExcelOptions,
  JsonOptions,
  ExportSummary,
  FrameSource,
  RecordPageLike,
} from "./types";
