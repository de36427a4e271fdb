import { toSnakeCase, wireFilterName, type EndpointSpec } from "../endpoints/table";
import { filterKindOf } from "../endpoints/filterKinds";
import { checkFilterValue, knownFilters } from "../params/filterChecks";
import { checkItemId, isDropped, toList, type FilterValue } from "../query/query";

/** Options whose lists are sets: their order sends the same rows. `fields` keeps its order (the table's columns). */
const SET_OPTIONS = ["include", "metricKeys", "metricGroupKeys"];

/**
 * The one form a sync's query is kept and compared in, whatever spelling came (the library's
 * `studies: [2, 1]`, the command line's `filters: { studies: "1,2" }`, a single value): every filter
 * under its wire name in `filters` (the method's own parameters too; falsy ones dropped, as the
 * wire drops them; an `extraFilters` entry too when its name is one of the endpoint's filters and its
 * value passes that filter's check, since it goes out the same way), other `extraFilters` apart; list values as
 * sorted sets of their canonical type (ids and years numbers, flags 1/0, dates as the wire writes
 * them); the item id a number; `include` and metric keys as sorted sets, `fields` as a list in its
 * order, an empty list as none (the wire sends none); object keys sorted. A value its filter's kind
 * refuses throws its ValidationError.
 */
export function canonicalQuery(spec: EndpointSpec, options: Record<string, unknown>): Record<string, unknown> {
  const own = new Set([...spec.positional, ...spec.optionFilters]);
  const filters: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || value === null) continue;
    if (own.has(key)) {
      if (!isDropped(value)) filters[wireFilterName(spec, key)] = value;
    } else if (key !== "filters" && key !== "extraFilters") rest[key] = value;
  }
  Object.assign(filters, filtersByWireName(spec, options.filters));
  const extraFilters = filtersByWireName(spec, options.extraFilters);
  const known = knownFilters(spec);
  for (const [name, value] of Object.entries(extraFilters)) {
    delete filters[name];
    if (known.includes(name) && passes(name, value as FilterValue)) {
      filters[name] = value;
      delete extraFilters[name];
    }
  }
  for (const key of SET_OPTIONS) if (rest[key] !== undefined) rest[key] = sortedSet(toList(key, rest[key]) ?? []);
  if (rest.fields !== undefined) rest.fields = [...new Set(toList("fields", rest.fields))];
  for (const key of [...SET_OPTIONS, "fields"]) if (Array.isArray(rest[key]) && rest[key].length === 0) delete rest[key];
  if (spec.idKey && rest[spec.idKey] !== undefined) rest[spec.idKey] = Number(checkItemId(spec.idKey, rest[spec.idKey]));
  return sortedKeys({
    ...rest,
    ...(Object.keys(filters).length ? { filters: canonicalFilters(filters) } : {}),
    ...(Object.keys(extraFilters).length ? { extraFilters: canonicalFilters(extraFilters) } : {}),
  }) as Record<string, unknown>;
}

/** Whether a value passes its filter's check (an extra filter's value is the service's to judge otherwise). */
function passes(wireName: string, value: FilterValue): boolean {
  try {
    checkFilterValue(wireName, wireName, value);
    return true;
  } catch {
    return false;
  }
}

/** `filters` or `extraFilters` by the names the wire gives them (buildQuery's rule: camelCase as snake_case, mainStudy renamed). */
function filtersByWireName(spec: EndpointSpec, given: unknown): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((given ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    named[key === "mainStudy" && spec.renames?.mainStudy ? spec.renames.mainStudy : toSnakeCase(key)] = value;
  }
  return named;
}

function canonicalFilters(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, canonicalValue(name, value as FilterValue)]));
}

/** A filter's value as its kind reads it (checkFilterValue), lists as sorted sets. */
function canonicalValue(wireName: string, value: FilterValue): unknown {
  const checked = checkFilterValue(wireName, wireName, value);
  if (checked instanceof Date) return checked.toISOString().slice(0, 19).replace("T", " ");
  if (typeof checked === "boolean") return checked ? 1 : 0;
  if (!Array.isArray(checked)) return checked;
  const ids = filterKindOf(wireName) === "ids";
  return sortedSet(checked.map((item: string | number) => (ids && typeof item === "string" ? Number(item) : item)));
}

function sortedSet<T extends string | number>(items: readonly T[]): T[] {
  return [...new Set(items)].sort((a, b) =>
    typeof a === "number" && typeof b === "number" ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0,
  );
}

/** A value with every object's keys in order: two option objects that differ only in key order are one. */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => [key, sortedKeys(item)]));
}
