export type { ColumnDtype, ColumnTable, JsonRecord, ShapeOptions } from "./types";
export { flattenRecord } from "./flatten";
export { flattenRecords } from "./flattenRecords";
export { toColumnTable } from "./columnTable";
export { tableToFrame } from "./buildFrame";
export { FrameBuilder, recordsToFrame } from "./recordsToFrame";
export { preloadDataFrameClass } from "./danfo";
export { columnValues } from "./columnValues";
export { namesInFieldOrder, pagesInFieldOrder } from "./fieldOrder";
