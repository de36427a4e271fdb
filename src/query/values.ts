import { ValidationError } from "../errors";

export type Scalar = string | number | boolean;
export type FilterValue = Scalar | Date | readonly (string | number)[] | null | undefined;
export type ListValue = string | readonly string[];

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date)
  && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** Falsy method parameters are dropped (API.md): false, 0, "", null, undefined and []. */
export const isDropped = (value: unknown): boolean =>
  !value || (Array.isArray(value) && value.length === 0);

/** `YYYY-MM-DD HH:MM:SS` in UTC, the service's datetime filter form. */
export const formatDateTime = (date: Date): string => date.toISOString().slice(0, 19).replace("T", " ");

/** One value, or a list joined with ",", as the wire wants it. */
export function joinList(value: FilterValue): string {
  if (Array.isArray(value)) return value.map(String).join(",");
  if (value instanceof Date) return formatDateTime(value);
  return String(value);
}

export function positiveInteger(parameter: string, value: unknown, { max }: { max?: number } = {}): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
    throw new ValidationError(parameter, `must be a positive integer, got ${JSON.stringify(value)}`);
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
    throw new ValidationError(parameter, `must be a string or a list of strings, got ${JSON.stringify(value)}`);
  }
  const trimmed = items.map((item) => item.trim()).filter(Boolean);
  return trimmed.length ? trimmed : undefined;
}
