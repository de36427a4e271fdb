import type { Rng } from "../prng";

/** Laravel's JSON timestamp: 2020-03-02T10:05:01.000000Z */
export function wireTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, ".000000Z");
}

/** A whole-second moment between two ISO dates. */
export function randomTimestamp(rng: Rng, fromIso: string, toIso: string): string {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  return wireTimestamp(Math.floor((from + rng.next() * (to - from)) / 1000) * 1000);
}

/** created_at / updated_at for a record that was last edited some time after it was made. */
export function stamps(rng: Rng, fromIso = "2015-01-05", toIso = "2021-12-20"): { created_at: string; updated_at: string } {
  const created_at = randomTimestamp(rng, fromIso, toIso);
  const updated_at = rng.chance(0.3) ? created_at : randomTimestamp(rng, created_at.slice(0, 19) + "Z", "2025-06-30");
  return { created_at, updated_at };
}

/**
 * The filter form `YYYY-MM-DD HH:MM:SS` (or a bare date, or ISO) as the wire form, so that the two
 * compare as strings. Null when it is not a date.
 */
export function filterTimestamp(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?Z?)?$/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour = "00", minute = "00", second = "00"] = match;
  const epoch = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second);
  if (Number.isNaN(epoch) || new Date(epoch).getUTCDate() !== +day) return null;
  return wireTimestamp(epoch);
}
