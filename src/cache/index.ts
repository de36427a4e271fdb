export { ResponseCache, DEFAULT_CACHE_MAX_AGE_MS, type CacheSettings } from "./responseCache";
export { PullWrites } from "./pullWrites";
export { ColumnsCache } from "./columnsCache";
export type { DecodedTable } from "./arrowColumns";
