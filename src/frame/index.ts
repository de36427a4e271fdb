export type { ColumnDtype, ColumnTable } from "../table/types";
export { frameFromTableCells, tableToFrame, toColumnTable } from "./finishTable";
export { FrameBuilder, recordsToFrame, type ShapeOf } from "./recordsToFrame";
export { preloadDataFrameClass, setFrameNotebookForm, giveNotebookMethod } from "./danfo";
export { columnValues } from "./columnValues";
