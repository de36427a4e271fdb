export { openStore, StoreBusyError, type OpenStoreOptions } from "./openStore";
export { StoreFileError } from "./storeFileError";
// what client.sync rejects with when a pull was not whole (instanceof works across the entries: errors match by kind)
export { IncompletePullError } from "../sync/types";
export type { Store, WriteParquetOptions } from "./types";
export type { TrackedTable } from "../sync/types";
