import type { JsonRecord } from "./types";

/**
 * `row[key] = value`, except that a key named `__proto__` becomes an own field, as JSON.parse makes
 * it, where an assignment would set the object's prototype and the field would be lost.
 */
export function setField(row: JsonRecord, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(row, key, { value, enumerable: true, writable: true, configurable: true });
  else row[key] = value;
}
