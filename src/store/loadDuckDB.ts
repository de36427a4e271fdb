import { ValueError } from "../errors";

export type DuckDB = typeof import("@duckdb/node-api");

let loading: Promise<DuckDB> | undefined;

/** `@duckdb/node-api`, an optional peer dependency: loaded on first use, with the install command when it is missing. */
export function loadDuckDB(): Promise<DuckDB> {
  loading ??= import("@duckdb/node-api").then(keepingLeadingBom).catch((error: unknown) => {
    loading = undefined;
    const code = (error as { code?: string }).code;
    if (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND") {
      throw new ValueError("fountframe/store needs DuckDB: run `npm install @duckdb/node-api` beside fountframe", { cause: error });
    }
    throw error;
  });
  return loading;
}

/**
 * DuckDB keeps a text's leading U+FEFF, but the node API reads text back with a default
 * TextDecoder, which drops it as a byte order mark: its decoder is made to keep it, so that a
 * cell comes back as it was pulled. The decoder is the node API's own module state (pinned by
 * package.json's range); where a later node API has it elsewhere, text is read as that API reads
 * it, and tests/sync/wholeTruth.test.ts's U+FEFF case says so.
 */
async function keepingLeadingBom(duckdb: DuckDB): Promise<DuckDB> {
  const accessors = (await import("@duckdb/node-api/lib/vectors/dataAccessors.js").catch(() => undefined)) as
    { textDecoder?: { decode?: unknown } } | undefined;
  const decoder = accessors?.textDecoder;
  if (decoder && typeof decoder.decode === "function") {
    const keeping = new TextDecoder("utf-8", { ignoreBOM: true });
    decoder.decode = keeping.decode.bind(keeping);
  }
  return duckdb;
}
