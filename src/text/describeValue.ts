/**
 * A value as a message shows what was given: its JSON, cut at 60 characters, except where JSON lies
 * (NaN and Infinity print as null, so numbers are written as they are) or cannot show it: then by
 * its kind (`a symbol`, `a Date (…)`, an object of a class by its class: `a Map`).
 */
export function describeValue(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (value === undefined) return "undefined";
  if (typeof value === "function" || typeof value === "symbol") return `a ${typeof value}`;
  if (value instanceof Date) return `a Date (${Number.isNaN(value.getTime()) ? "invalid" : value.toISOString()})`;
  if (Array.isArray(value) && value.some((item) => typeof item === "number" && !Number.isFinite(item))) {
    return clip(`[${value.map((item) => describeValue(item)).join(",")}]`);
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      const name = (prototype as { constructor?: { name?: string } }).constructor?.name || "object of a class";
      return `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}`;
    }
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
