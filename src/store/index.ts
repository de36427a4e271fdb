export { openStore, StoreBusyError } from "./openStore";
export type { Store, TrackedTable, WriteParquetOptions } from "./types";
