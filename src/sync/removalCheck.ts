import pLimit from "p-limit";
import { APIError, AuthenticationError, DataNotFoundError, NotFoundError } from "../errors";
import { recordCount } from "../pull/envelope";
import { chunkColumn } from "../table/pageChunk";
import { idKey, type IdKey } from "../table/columnType";
import { IncompletePullError, type ColumnPagesOf } from "./types";
import type { PageIdRanges } from "./pageIdRanges";
import { NOT_COMMITTED } from "./pageAudit";

/** Most stored ids a run not in id order asks the service about, one request each, before it removes them. */
export const MOST_REMOVALS_CHECKED = 200;
/** Item requests in flight at once. */
const CHECKS_AT_ONCE = 4;

/** What a run's write is checked with: its pull's pages' id ranges, and how to ask the service for an item. */
export interface RemovalCheck {
  readonly pages: ColumnPagesOf;
  readonly method: string;
  readonly what: string;
  readonly ranges: PageIdRanges;
  /** the write's partitions (some studies): an id served in another one moved there, and is gone from these */
  readonly partitions?: { readonly column: string; readonly values: readonly number[] };
}

/** The stored ids of a write's scope (with `gaps`, only those strictly inside one of the pairs). */
export type StoredIds = (gaps?: ReadonlyArray<readonly [number, number]>) => Promise<readonly IdKey[]>;

/**
 * Before a write removes stored ids, asks the service for those its pull's pages cannot vouch for,
 * each by its item route (`<resource>/<id>`): on pages in id order, the stored ids in a gap between
 * two pages (PageIdRanges; usually none); otherwise every stored id the pull did not bring
 * (`pulled`, asked for only then), at most MOST_REMOVALS_CHECKED. An id still served was skipped by
 * pages that shifted during the pull, and the run fails (IncompletePullError) rather than remove a
 * live row; one the service no longer has (404), or has in a partition outside the
 * write's (a brandscape row moved to another study), is gone from it. Any other answer of an item
 * request (a failure, or an answer without a record) fails the run too, and so does an id no item route takes (one that is no whole number: a
 * table of text ids). Returns the requests made.
 */
export async function confirmRemovals(check: RemovalCheck, stored: StoredIds, pulled: () => Promise<ReadonlySet<IdKey>>): Promise<number> {
  const { ranges, what } = check;
  if (!ranges.severalPages) return 0;
  const ids = await idsToAsk(ranges, stored, pulled);
  if (ids.length === 0) return 0;
  if (ranges.unordered !== undefined && ids.length > MOST_REMOVALS_CHECKED)
    throw new IncompletePullError(
      `${what}: the pull would remove ${ids.length} stored ids, and ${ranges.unordered}, so a record skipped by pages that shifted ` +
        `during the pull cannot be told from one deleted without asking for each, which is done for at most ${MOST_REMOVALS_CHECKED}`,
      NOT_COMMITTED,
      { advice: "Sync without `sort` (pulls then go by id, and only ids between two pages are asked for)" },
    );
  return confirmGone(check, ids, pulled);
}

/**
 * Asks the service for each of `ids` by its item route (at most MOST_REMOVALS_CHECKED, the caller's
 * bound), and fails the run (IncompletePullError) where one is still served in the write's
 * partitions, or cannot be asked about. Returns the requests made.
 */
export async function confirmGone(
  check: Omit<RemovalCheck, "ranges">,
  ids: readonly IdKey[],
  pulled: () => Promise<ReadonlySet<IdKey>>,
  whyServed = "the pages shifted during the pull (a record removed and another added)",
  advice?: string,
): Promise<number> {
  const { what } = check;
  const unaskable = ids.filter((id) => itemId(id) === undefined);
  if (unaskable.length > 0)
    throw new IncompletePullError(
      `${what}: the pull would remove stored ${unaskable.length === 1 ? "id" : "ids"} ${unaskable.map((id) => JSON.stringify(id)).join(", ")}, ` +
        `which it did not bring, and which the service's item route cannot be asked about (its ids are whole numbers), so a record ` +
        `skipped by pages that shifted during the pull cannot be ruled out`,
      NOT_COMMITTED,
      {
        advice:
          `If the service no longer has ${unaskable.length === 1 ? "it" : "them"}, ` +
          `delete ${unaskable.length === 1 ? "that row" : "those rows"} from the table with store.query and sync again`,
      },
    );
  const limit = pLimit(CHECKS_AT_ONCE);
  const answers = await Promise.allSettled(ids.map((id) => limit(() => isServed(check, itemId(id)!))));
  const failed = answers.find((answer): answer is PromiseRejectedResult => answer.status === "rejected");
  if (failed) throw failed.reason;
  const live = ids.filter((_, at) => (answers[at] as PromiseFulfilledResult<boolean>).value);
  if (live.length > 0) {
    // ids no item route takes (398.5, -398) among the pulled may be the live ones, sent wrong
    const odd = [...(await pulled())].filter((id) => itemId(id) === undefined && typeof id !== "string").slice(0, 5);
    const why =
      odd.length > 0
        ? `the pull brought ${odd.length === 1 ? "an id" : "ids"} that no record has (${odd.map((id) => JSON.stringify(id)).join(", ")}: not a whole number above 0), which may stand for ${live.length === 1 ? "it" : "them"}`
        : whyServed;
    throw new IncompletePullError(
      `${what}: the service still has ${live.length === 1 ? "id" : "ids"} ${shownIds(live)} (${live.length === 1 ? "its item answers" : "their items answer"}), ` +
        `which the pull did not bring: ${why}`,
      NOT_COMMITTED,
      advice === undefined ? {} : { advice },
    );
  }
  return ids.length;
}

/** The stored ids the write would remove that the pages cannot vouch for. */
async function idsToAsk(ranges: PageIdRanges, stored: StoredIds, pulled: () => Promise<ReadonlySet<IdKey>>): Promise<readonly IdKey[]> {
  if (ranges.unordered === undefined) {
    const gaps = ranges.gaps();
    return gaps.length === 0 ? [] : stored(gaps);
  }
  const held = await stored();
  return held.length === 0 ? [] : without(held, await pulled());
}

const without = (ids: readonly IdKey[], pulled: ReadonlySet<IdKey>): IdKey[] => ids.filter((id) => !pulled.has(idKey(id)));

/** The id an item route takes for a stored id (a whole number above 0), or undefined. */
function itemId(id: IdKey): number | undefined {
  const key = idKey(id);
  return typeof key === "number" && Number.isSafeInteger(key) && key > 0 ? key : undefined;
}

/** Whether the service answers the item `id` of `method` with its record (in one of the write's partitions, when it has some). */
async function isServed({ pages, method, partitions, what }: Omit<RemovalCheck, "ranges">, id: number): Promise<boolean> {
  try {
    const fields = partitions ? ["id", partitions.column] : ["id"];
    for await (const page of pages(method, { query: { id, fields } })) {
      if (recordCount(page.body) === 0) continue;
      const column = (name: string): ArrayLike<unknown> =>
        page.body.kind === "columns" ? chunkColumn(page.body.chunk, name) : page.body.records.map((record) => record[name]);
      const ids = Array.from(column("id"));
      const rows = ids.flatMap((value, row) => (idKey(value) === id ? [row] : []));
      if (rows.length === 0)
        throw neitherAnswer(
          what,
          id,
          `a record ${ids.length > 0 && ids[0] !== undefined ? `of id ${JSON.stringify(ids[0])}` : "without an id"}`,
        );
      if (!partitions) return true;
      const values = column(partitions.column);
      if (rows.some((row) => partitions.values.includes(Number(values[row])))) return true;
    }
    return false;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    if (error instanceof DataNotFoundError) throw neitherAnswer(what, id, "without a record", error);
    // a refusal (403, 410, ...) tells no more than a failure; a 401 is the token refused, which every later request would be too
    if (error instanceof APIError && !(error instanceof AuthenticationError))
      throw new IncompletePullError(
        `${what}: the item route of stored id ${id} (asked because the pull did not bring it) failed: ${error.message}`,
        NOT_COMMITTED,
        { cause: error },
      );
    throw error;
  }
}

/** An item's answer that is neither its record nor a 404 (WIRE.md: an item answers one of them): it tells nothing either way. */
function neitherAnswer(what: string, id: number, answered: string, cause?: unknown): IncompletePullError {
  return new IncompletePullError(
    `${what}: the item route of stored id ${id} (asked because the pull did not bring it) answered ${answered}, ` +
      "which is neither the record nor a 404, so whether the service still has it cannot be told",
    NOT_COMMITTED,
    cause === undefined ? {} : { cause },
  );
}

/** At most twenty ids, and how many more. */
function shownIds(ids: readonly IdKey[]): string {
  const shown = ids.slice(0, 20).join(",");
  return ids.length > 20 ? `${shown} and ${ids.length - 20} more` : shown;
}
