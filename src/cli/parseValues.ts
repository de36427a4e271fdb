import { InvalidArgumentError } from "commander";
import { filterKindOf, type FilterKind } from "../endpoints/filterKinds";
import { toSnakeCase } from "../endpoints/table";
import type { FilterValue } from "../query/query";

/** `--active 0`, `--active false`, ...: what a flag value spells. */
export function parseFlagValue(text: string): boolean {
  const normalised = text.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(normalised)) return true;
  if (["0", "false", "no", "off"].includes(normalised)) return false;
  throw new InvalidArgumentError("must be 1, 0, true, false, yes, no, on or off");
}

export function parsePositiveInteger(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1)
    throw new InvalidArgumentError("must be a whole number of 1 or more");
  return value;
}

export function parseCount(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value)) throw new InvalidArgumentError("must be a whole number of 0 or more");
  return value;
}

/** Node's timers hold at most 2^31 - 1 ms; a longer delay fires after 1 ms instead. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export function parseMilliseconds(text: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || value <= 0) throw new InvalidArgumentError("must be a number of milliseconds above 0");
  if (value > MAX_TIMER_MS) throw new InvalidArgumentError(`must be a number of milliseconds above 0 and at most ${MAX_TIMER_MS}`);
  return value;
}

/**
 * A parser of whole numbers from `min` to `max`, for a flag with an upper bound (a port, a
 * timer's milliseconds, a count the process would spend hours on): the value is refused before
 * anything starts, with the range in the message.
 */
export function wholeNumberIn(min: number, max: number): (text: string) => number {
  return (text) => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max)
      throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
    return value;
  };
}

/** The value a filter of this kind wants from command-line text; lists stay "a,b" (the library splits them). */
export function filterValueOfKind(kind: FilterKind | undefined, text: string): FilterValue {
  switch (kind) {
    case "flag":
      return parseFlagValue(text);
    case "count":
      return parseCount(text);
    case undefined:
      return guessFilterValue(text);
    default:
      return text;
  }
}

/** A filter the table does not know: true/false are flags, a comma makes a list, the rest is text. */
function guessFilterValue(text: string): FilterValue {
  const lowered = text.trim().toLowerCase();
  if (lowered === "true" || lowered === "false") return lowered === "true";
  if (text.includes(","))
    return text
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
  return text;
}

/** One `--filter key=value`, collected into the object commander keeps. */
export function collectFilter(text: string, previous: Record<string, FilterValue> = {}): Record<string, FilterValue> {
  const separator = text.indexOf("=");
  const key = separator > 0 ? text.slice(0, separator).trim() : "";
  if (!key || !/^[A-Za-z_][\w.]*$/.test(key)) throw new InvalidArgumentError("must be key=value, e.g. --filter country_codes=US,GB");
  const kind = filterKindOf(toSnakeCase(key));
  return { ...previous, [key]: filterValueOfKind(kind, text.slice(separator + 1)) };
}
