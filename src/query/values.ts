import { ValidationError } from "../errors";

export type Scalar = string | number | boolean;
export type FilterValue = Scalar | Date | readonly (string | number)[] | null | undefined;
export type ListValue = string | readonly string[];

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** Falsy method parameters are dropped (API.md): false, 0, "", null, undefined and []. */
export const isDropped = (value: unknown): boolean => !value || (Array.isArray(value) && value.length === 0);

/** `YYYY-MM-DD HH:MM:SS` in UTC, the service's datetime filter form. */
export const formatDateTime = (date: Date): string => date.toISOString().slice(0, 19).replace("T", " ");

/** One value, or a list joined with ",", as the wire wants it. */
export function joinList(value: FilterValue): string {
  if (Array.isArray(value)) return value.map(String).join(",");
  if (value instanceof Date) return formatDateTime(value);
  return String(value);
}

/** A value as an error message shows it: JSON, except where JSON lies (NaN and Infinity print as null). */
export function describeValue(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (value === undefined) return "undefined";
  if (typeof value === "function" || typeof value === "symbol") return typeof value;
  if (Array.isArray(value) && value.some((item) => typeof item === "number" && !Number.isFinite(item))) {
    return clip(`[${value.map((item) => describeValue(item)).join(",")}]`);
  }
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return clip(text);
}

const clip = (text: string): string => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string a URL can carry: no lone UTF-16 surrogate (encodeURIComponent throws URIError on one). */
export function checkWellFormed(parameter: string, value: unknown): void {
  const texts = typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
  for (const text of texts as string[]) {
    if (LONE_SURROGATE.test(text)) {
      throw new ValidationError(
        parameter,
        `holds a lone UTF-16 surrogate (a broken character), which no URL can carry: ${describeValue(text)}`,
      );
    }
  }
}

/** A positive whole number a double holds exactly (at most 2^53 - 1), so it goes on the wire as written. */
export function positiveInteger(parameter: string, value: unknown, { max }: { max?: number } = {}): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) {
    throw new ValidationError(parameter, `must be a positive integer up to ${Number.MAX_SAFE_INTEGER}, got ${describeValue(value)}`);
  }
  if (max !== undefined && value > max) {
    throw new ValidationError(parameter, `must be at most ${max} (the service's maximum), got ${value}`);
  }
  return value;
}

/** `"a,b"` or `["a", "b"]` → `["a", "b"]`. */
export function toList(parameter: string, value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const items = typeof value === "string" ? value.split(",") : value;
  if (!Array.isArray(items) || !items.every((item) => typeof item === "string")) {
    throw new ValidationError(parameter, `must be a string or a list of strings, got ${describeValue(value)}`);
  }
  checkWellFormed(parameter, items);
  const trimmed = items.map((item) => item.trim()).filter(Boolean);
  return trimmed.length ? trimmed : undefined;
}

/**
 * An item id: a positive safe integer, as a number or as decimal digits. The service's ids are
 * numbers; anything else would only reach the wire to be answered 404.
 */
export function checkItemId(parameter: string, id: unknown): number | string | undefined {
  if (id === undefined || id === null || id === "") return undefined;
  if (typeof id === "number" && Number.isSafeInteger(id) && id > 0) return id;
  if (typeof id === "string" && /^[1-9]\d*$/.test(id) && Number.isSafeInteger(Number(id))) return id;
  throw new ValidationError(parameter, `must be a positive integer id (at most ${Number.MAX_SAFE_INTEGER}), got ${describeValue(id)}`);
}
