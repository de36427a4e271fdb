import type { ResponseCache } from "./responseCache";

/**
 * The body stored under `key`, else `fetch`'s, stored for next time. A stored body that does not
 * parse is fetched again; a failed write is a warning, never a failed pull.
 */
export async function cachedJson(cache: ResponseCache, key: string, fetch: () => Promise<unknown>): Promise<unknown> {
  const stored = await cache.get(key);
  if (stored) {
    try {
      return JSON.parse(stored.toString("utf8"));
    } catch {
      // rewritten below
    }
  }
  const body = await fetch();
  await cache.put(key, JSON.stringify(body)).catch((error: Error) => {
    process.emitWarning(`fountframe: the response cache in ${cache.dir} could not be written: ${error.message}`);
  });
  return body;
}
