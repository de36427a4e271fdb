import { ValidationError } from "../errors";
import { describeValue } from "../text/describeValue";

const ALLOWED = "null, a boolean, a number, a bigint, a text or one of DuckDB's value objects (DuckDBDateValue, ...)";

/** Whether DuckDB's node API can bind the value: its plain kinds, or an object of its own value classes. */
function bindable(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case "boolean":
    case "number":
    case "bigint":
    case "string":
      return true;
    case "object":
      return Object.getPrototypeOf(value)?.constructor?.name?.startsWith("DuckDB") === true;
    default:
      return false;
  }
}

/**
 * store.query's `params`, checked before the query runs: a list for `$1, $2, ...` or an object for
 * `$name`, each value one DuckDB binds (else DuckDB says only that it cannot make a value of type ANY).
 */
export function checkQueryParams(params: unknown): void {
  if (params === undefined) return;
  const isList = Array.isArray(params);
  if (!isList && (typeof params !== "object" || params === null || Object.getPrototypeOf(params) !== Object.prototype))
    throw new ValidationError("params", `a list of values for $1, $2, ... or an object of values for $name, got ${describeValue(params)}`);
  const entries = isList
    ? (params as unknown[]).map((value, at) => [`$${at + 1}`, value] as const)
    : Object.entries(params).map(([name, value]) => [`$${name}`, value] as const);
  for (const [name, value] of entries)
    if (!bindable(value)) throw new ValidationError("params", `each value ${ALLOWED}, got ${describeValue(value)} for ${name}`);
}
