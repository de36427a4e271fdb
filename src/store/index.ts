export { openStore, StoreBusyError, type OpenStoreOptions } from "./openStore";
// what client.sync rejects with when a pull was not whole (instanceof works across the entries: errors match by kind)
export { IncompletePullError } from "./incompletePull";
export type { Store, TrackedTable, WriteParquetOptions } from "./types";
