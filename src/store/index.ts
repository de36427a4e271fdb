export { openStore, StoreBusyError } from "./openStore";
export type { Store, WriteParquetOptions } from "./store";
export type { TrackedTable } from "./types";
