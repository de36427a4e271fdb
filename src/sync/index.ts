export { syncEndpoint, type SyncSource } from "./syncEndpoint";
export { IncompletePullError } from "../store/incompletePull";
export type { PagesOf } from "./pagesSource";
export type { SyncOptions, SyncReport } from "./types";
