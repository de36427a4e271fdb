import { ValueError } from "../errors";

export type DuckDB = typeof import("@duckdb/node-api");

let loading: Promise<DuckDB> | undefined;

/** `@duckdb/node-api`, an optional peer dependency: loaded on first use, with the install command when it is missing. */
export function loadDuckDB(): Promise<DuckDB> {
  loading ??= import("@duckdb/node-api").catch((error: unknown) => {
    loading = undefined;
    const code = (error as { code?: string }).code;
    if (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND") {
      throw new ValueError("fountframe/store needs DuckDB: run `npm install @duckdb/node-api` beside fountframe", { cause: error });
    }
    throw error;
  });
  return loading;
}
