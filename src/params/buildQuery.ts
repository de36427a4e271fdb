import { filterKindOf } from "../endpoints/filterKinds";
import { ENDPOINT_BY_METHOD, ENDPOINT_BY_RESOURCE, toSnakeCase, wireFilterName, type EndpointSpec } from "../endpoints/table";
import { ValidationError } from "../errors";
import { describeValue } from "../text/describeValue";
import { notAllowedName } from "../text/closestName";
import { Query, checkItemId, isDropped, isPlainObject, toList, type FilterValue, type QueryInit } from "../query/query";
import { checkBrandscapeQuery, checkFilterValue, warnDroppedZeros, warnUnknownFilters, type GivenFilter } from "./filterChecks";

/** Options every method takes besides its own parameters. */
export const COMMON_OPTION_KEYS = [
  "filters",
  "extraFilters",
  "fields",
  "include",
  "query",
  "stackData",
  "page",
  "perPage",
  "maxPages",
  "sort",
  "search",
] as const;

export interface MethodCall {
  query: Query;
  stackData: boolean;
}

/** `(p1, p2, ..., options?)` or `(options?)` → positional values and the options object. */
export function splitArgs(spec: EndpointSpec, args: readonly unknown[]): { positional: unknown[]; options: Record<string, unknown> } {
  const last = args[args.length - 1];
  const hasOptions = args.length > 0 && isPlainObject(last);
  const positional = hasOptions ? args.slice(0, -1) : [...args];
  if (positional.length > spec.positional.length) {
    throw new ValidationError(
      spec.method,
      `takes at most ${spec.positional.length} positional parameter(s) (${spec.positional.join(", ") || "none"}) before the options object, got ${positional.length}`,
    );
  }
  return { positional, options: hasOptions ? (last as Record<string, unknown>) : {} };
}

export function allowedOptionKeys(spec: EndpointSpec): string[] {
  return [
    ...spec.positional,
    ...spec.optionFilters,
    ...(spec.idKey ? [spec.idKey] : []),
    ...(spec.metricKeys ? ["metricKeys", "metricGroupKeys"] : []),
    ...COMMON_OPTION_KEYS,
  ];
}

/** The endpoint a method name stands for (`client.pages("brands")`), or a ValidationError listing the methods. */
export function endpointOfMethod(method: string): EndpointSpec {
  const spec = ENDPOINT_BY_METHOD.get(method);
  if (!spec)
    throw new ValidationError("method", `unknown method ${JSON.stringify(method)}; allowed: ${[...ENDPOINT_BY_METHOD.keys()].join(", ")}`);
  return spec;
}

/**
 * A ValidationError for the first option a method does not take, naming the near one among what the
 * caller takes: the method's options less `without` (what it refuses: sync's paging), and `also`
 * (what it takes beside them: a one-off's client options, sync's own).
 */
export function refuseUnknownOptions(
  spec: EndpointSpec,
  options: object,
  { also = [], without = [] }: { also?: readonly string[]; without?: readonly string[] } = {},
): void {
  const allowed = allowedOptionKeys(spec);
  const unknown = Object.keys(options).find((key) => !allowed.includes(key));
  const taken = [...allowed.filter((key) => !without.includes(key)), ...also];
  if (unknown !== undefined) throw new ValidationError(unknown, notAllowedName(unknown, `an option of ${spec.method}`, taken));
}

/** A method's arguments → the Query to send, validated, before any request (`names`: refuseUnknownOptions'). */
export function buildQuery(
  spec: EndpointSpec,
  args: readonly unknown[],
  { warnFilters = true, names = {} as Parameters<typeof refuseUnknownOptions>[2] } = {},
): MethodCall {
  const { positional, options } = splitArgs(spec, args);
  refuseUnknownOptions(spec, options, names);
  if (options.stackData !== undefined && typeof options.stackData !== "boolean") {
    throw new ValidationError("stackData", `must be true or false, got ${describeValue(options.stackData)}`);
  }
  const shared: QueryInit = {
    id: spec.idKey ? checkItemId(spec.idKey, options[spec.idKey]) : undefined,
    fields: options.fields as QueryInit["fields"],
    include: resolveInclude(spec, options.include),
    sort: checkSort(options.sort),
    search: options.search as string | undefined,
    page: options.page as number | undefined,
    perPage: options.perPage as number | undefined,
    maxPages: options.maxPages as number | undefined,
    metricKeys: options.metricKeys as QueryInit["metricKeys"],
    metricGroupKeys: options.metricGroupKeys as QueryInit["metricGroupKeys"],
  };
  // built once: a given query wins where it sets a value and the method's own options fill in the rest
  const named: GivenFilter[] = [];
  const query = options.query
    ? Query.ensure(givenQuery(spec, options.query, named), { ...shared, include: undefined })
    : new Query({ ...shared, filters: collectFilters(spec, positional, options, named) });
  if (query.search && !spec.search) {
    throw new ValidationError("search", `${spec.method} has no free-text search; use filters (e.g. name) instead`);
  }
  if (spec.mustBeNarrowed) checkBrandscapeQuery(query, spec.method, warnFilters);
  if (warnFilters) {
    warnUnknownFilters(spec, named);
    warnDroppedZeros(spec, named);
  }
  return { query, stackData: options.stackData === true };
}

/** `options.query` as the method sends it: its includes by the endpoint's include rule, its filters checked like the method's. */
function givenQuery(spec: EndpointSpec, given: unknown, named: GivenFilter[]): QueryInit {
  const init = given instanceof Query ? given.toInit() : (given as QueryInit);
  if (!isPlainObject(init)) throw new ValidationError("query", "must be a Query or an object of query fields");
  const filters: unknown = init.filters ?? {};
  if (!isPlainObject(filters)) throw new ValidationError("filters", "must be an object of filter name → value");
  return {
    ...init,
    include: resolveInclude(spec, init.include),
    filters: checkFilters(spec, filters as Record<string, FilterValue>, "filters.", named),
  };
}

/** Method parameters, then `filters` on top; falsy method parameters dropped. The names of both go into `named` (a dropped 0 the filter reads as a count too). */
function collectFilters(
  spec: EndpointSpec,
  positional: unknown[],
  options: Record<string, unknown>,
  named: GivenFilter[],
): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {};
  const params: Array<[string, unknown]> = [
    // a positional `undefined` is a placeholder: the options object may still give that parameter
    ...spec.positional.map((name, index): [string, unknown] => [name, positional[index] !== undefined ? positional[index] : options[name]]),
    ...spec.optionFilters.map((name): [string, unknown] => [name, options[name]]),
  ];
  if (positional.length) {
    for (const [index, value] of positional.entries()) {
      const name = spec.positional[index];
      if (value !== undefined && options[name] !== undefined) {
        throw new ValidationError(name, "given both as a positional parameter and in the options object; give it once");
      }
    }
  }
  for (const [name, value] of params) {
    const wireName = wireFilterName(spec, name);
    if (isDropped(value)) {
      if (value === 0 && filterKindOf(wireName) === "count") named.push({ key: name, wireName, droppedZero: true });
      continue;
    }
    filters[wireName] = checkFilterValue(name, wireName, value as FilterValue);
    named.push({ key: name, wireName });
  }
  if (options.filters !== undefined) {
    if (!isPlainObject(options.filters)) throw new ValidationError("filters", "must be an object of filter name → value");
    Object.assign(filters, checkFilters(spec, options.filters as Record<string, FilterValue>, "filters.", named));
  }
  if (options.extraFilters !== undefined) {
    if (!isPlainObject(options.extraFilters)) throw new ValidationError("extraFilters", "must be an object of filter name → value");
    Object.assign(filters, checkFilters(spec, options.extraFilters as Record<string, FilterValue>, "extraFilters."));
  }
  return filters;
}

/** Filter values checked by kind, under their wire names; each name recorded in `named` when given (extraFilters' are not). */
function checkFilters(
  spec: EndpointSpec,
  given: Readonly<Record<string, FilterValue>>,
  label: string,
  named?: GivenFilter[],
): Record<string, FilterValue> {
  const checked: Record<string, FilterValue> = {};
  const keyOf = new Map<string, string>();
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined || value === null) continue;
    const wireName = key === "mainStudy" && spec.renames?.mainStudy ? spec.renames.mainStudy : toSnakeCase(key);
    const twin = keyOf.get(wireName);
    if (twin !== undefined) {
      throw new ValidationError(`${label}${key}`, `the same filter as ${label}${twin} (both are ${wireName} on the wire); give it once`);
    }
    keyOf.set(wireName, key);
    checked[wireName] = checkFilterValue(`${label}${key}`, wireName, value);
    named?.push({ key, wireName });
  }
  return checked;
}

const SORT_PATTERN = /^-?[A-Za-z_][\w.]*(,-?[A-Za-z_][\w.]*)*$/;

function checkSort(sort: unknown): string | undefined {
  if (sort === undefined || sort === null || sort === "") return undefined;
  if (typeof sort !== "string" || !SORT_PATTERN.test(sort)) {
    throw new ValidationError(
      "sort",
      `must be a field name, '-' first for descending, comma-separated for several (e.g. "-differentiation_rank,name"), got ${describeValue(sort)}`,
    );
  }
  return sort;
}

export const NO_DEFAULT_INCLUDE = "no_default";

/**
 * API.md's include rule for endpoints with default includes: nothing named → the defaults;
 * only non-default names → defaults plus those; any default named → exactly what was named;
 * "no_default" → no defaults. The order on the wire is fixed: defaults first, then as named.
 * Every name goes to the wire as given, dotted ones too: the service decides what it serves
 * (a name it refuses comes back as its APIError).
 */
export function resolveInclude(spec: EndpointSpec, include: unknown): string[] | undefined {
  const named = [...new Set(toList("include", include) ?? [])];
  const unique = named.filter((name) => name !== NO_DEFAULT_INCLUDE);
  const defaults = spec.defaultInclude;
  if (!defaults || named.includes(NO_DEFAULT_INCLUDE)) return unique.length ? unique : undefined;
  if (!unique.length) return [...defaults];
  if (unique.some((name) => defaults.includes(name))) return unique;
  return [...defaults, ...unique];
}

const ENDPOINT_PATTERN = /^[a-z][a-z0-9-]*(\/[\w-]+)*$/;

/** rawQuery's endpoint and query, checked like a method's before any request. */
export function checkRawQuery(endpoint: string, query?: Query | QueryInit): { endpoint: string; query: Query } {
  const trimmed = typeof endpoint === "string" ? endpoint.replace(/^\/+|\/+$/g, "") : "";
  if (!ENDPOINT_PATTERN.test(trimmed)) {
    throw new ValidationError(
      "endpoint",
      `must be a resource path such as "brands" or "studies/12/brands", got ${JSON.stringify(endpoint)}`,
    );
  }
  const [resource, id] = trimmed.split("/");
  if (id !== undefined && ENDPOINT_BY_RESOURCE.has(resource) && !(/^[1-9]\d*$/.test(id) && Number.isSafeInteger(Number(id))))
    throw new ValidationError(
      "endpoint",
      `${JSON.stringify(id)} in ${JSON.stringify(endpoint)} is where the service takes an id of ${resource}: ` +
        `a positive whole number up to ${Number.MAX_SAFE_INTEGER}, as in "${resource}/12"`,
    );
  const checked = query instanceof Query ? query : new Query(query ?? {});
  const spec = ENDPOINT_BY_RESOURCE.get(trimmed);
  if (spec && checked.search && !spec.search) {
    throw new ValidationError("search", `${trimmed} has no free-text search; use filters instead`);
  }
  if (spec?.mustBeNarrowed) checkBrandscapeQuery(checked);
  return { endpoint: trimmed, query: checked };
}
