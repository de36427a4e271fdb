export type { ColumnDtype, ColumnTable } from "./types";
export { flattenRecord, flattenRecords } from "./flattenRecords";
export { toColumnTable } from "./columnTable";
export { frameFromTableCells, tableToFrame } from "./buildFrame";
export { FrameBuilder, recordsToFrame, type ShapeOf } from "./recordsToFrame";
export { preloadDataFrameClass, setFrameNotebookForm, giveNotebookMethod } from "./danfo";
export { columnValues } from "./columnValues";
export { namesInFieldOrder, pagesInFieldOrder } from "./fieldOrder";
