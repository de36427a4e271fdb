import { createHash } from "node:crypto";
import type { ColumnTable } from "../table/types";
import { columnsFromArrow, columnsToArrow } from "./arrowColumns";
import type { ResponseCache } from "./responseCache";
import { loadArrow } from "../arrow/arrowCodec";

/** What a columns entry's index line says: the responses it was made from, and their digest then. */
interface MadeFrom {
  pages: string[];
  digest: string;
}

/**
 * A frame pull's finished columns, kept in the response cache beside the responses they were made
 * from and valid only while every one of them is: each response entry must still be stored, fresh
 * (maxAgeMs) and hold the same content (its integrity, read from the index without its body). A
 * response fetched again with other content, expired or removed makes the columns unusable; the
 * pull then runs as usual and keeps new columns. An entry that cannot be read or decoded is removed.
 */
export class ColumnsCache {
  readonly #responses: ResponseCache;

  constructor(responses: ResponseCache) {
    this.#responses = responses;
  }

  /** The table kept under `key`, or undefined when none is, or one of its responses changed or expired. */
  async read(key: string): Promise<ColumnTable | undefined> {
    const entry = await this.#responses.info(key);
    if (!entry) return undefined;
    const madeFrom = madeFromOf(entry.metadata);
    if (!madeFrom) {
      await this.#discard(key, entry.integrity);
      return undefined;
    }
    if ((await this.#digest(madeFrom.pages)) !== madeFrom.digest) return undefined;
    try {
      const file = await this.#responses.content(entry.integrity);
      return columnsFromArrow(await loadArrow(), file);
    } catch {
      await this.#discard(key, entry.integrity);
      return undefined;
    }
  }

  /**
   * Keeps `table` under `key`, made from the responses stored under the keys of `entries` (with
   * the integrity of each the pull wrote itself; the others are read from the index). Nothing is
   * kept when one of them is not stored (its write failed); a failed write is a warning.
   */
  async keep(key: string, table: ColumnTable, entries: ReadonlyMap<string, string | undefined>): Promise<void> {
    // in one order whatever order the pages came in
    const pages = [...entries.keys()].sort();
    const digest = await this.#digest(pages, entries);
    const file = digest === undefined ? undefined : columnsToArrow(await loadArrow(), table);
    if (digest === undefined || !file) return;
    const before = await this.#responses.info(key);
    const written = await this.#responses.write(key, file, { pages, digest } satisfies MadeFrom);
    // the columns this entry held before are no one's now: their space is given back at once
    if (before && written && before.integrity !== written) await this.#responses.removeContent(before.integrity);
  }

  /**
   * The digest of the responses' keys and integrities, or undefined when one is not stored or not
   * fresh. An integrity in `written` is one this process has just written: not read again.
   */
  async #digest(pages: readonly string[], written?: ReadonlyMap<string, string | undefined>): Promise<string | undefined> {
    if (pages.length === 0) return undefined;
    const integrities = await Promise.all(pages.map((page) => written?.get(page) ?? this.#freshIntegrity(page)));
    if (integrities.includes(undefined)) return undefined;
    const hash = createHash("sha256");
    for (let index = 0; index < pages.length; index++) hash.update(`${pages[index]}\n${integrities[index]}\n`);
    return hash.digest("base64");
  }

  async #freshIntegrity(key: string): Promise<string | undefined> {
    const info = await this.#responses.info(key);
    return info && this.#responses.isFresh(info.time) ? info.integrity : undefined;
  }

  async #discard(key: string, integrity: string): Promise<void> {
    await this.#responses.remove(key);
    await this.#responses.removeContent(integrity);
  }
}

function madeFromOf(metadata: unknown): MadeFrom | undefined {
  if (metadata === null || typeof metadata !== "object") return undefined;
  const { pages, digest } = metadata as Partial<MadeFrom>;
  if (!Array.isArray(pages) || !pages.every((page) => typeof page === "string") || typeof digest !== "string") return undefined;
  return { pages, digest };
}
