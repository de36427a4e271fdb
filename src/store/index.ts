export { openStore, StoreBusyError, type OpenStoreOptions } from "./openStore";
export type { Store, TrackedTable, WriteParquetOptions } from "./types";
