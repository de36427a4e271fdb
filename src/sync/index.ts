export { syncEndpoint } from "./syncEndpoint";
export type { PagesOf } from "./pagesSource";
export type { SyncOptions, SyncReport } from "./types";
