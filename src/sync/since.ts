/** How far before the stored cursor an incremental run asks from: for clock skew and late commits. Re-delivered rows merge by id. */
export const CURSOR_OVERLAP_MS = 5 * 60_000;

/** `filter[updated_since]`'s form, `YYYY-MM-DD HH:II:SS` (UTC), of the cursor less the overlap. */
export function sinceFilter(cursor: string, overlapMs = CURSOR_OVERLAP_MS): string {
  const epoch = Date.parse(cursor);
  if (Number.isNaN(epoch)) throw new RangeError(`stored cursor is not a timestamp: ${cursor}`);
  return new Date(epoch - overlapMs).toISOString().slice(0, 19).replace("T", " ");
}

/** The newest of the timestamps (ISO text), or the fallback when there is none. */
export function newestOf(values: ArrayLike<unknown>, fallback: string | null): string | null {
  let newest = fallback;
  let newestEpoch = fallback === null ? -Infinity : Date.parse(fallback);
  for (let at = 0; at < values.length; at++) {
    const value = values[at];
    if (typeof value !== "string") continue;
    const epoch = Date.parse(value);
    if (epoch > newestEpoch) {
      newest = value;
      newestEpoch = epoch;
    }
  }
  return newest;
}
