import { ValidationError } from "../errors";
import { describeValue } from "../text/describeValue";
import { notAllowedName } from "../text/closestName";
import { fieldsKey, toSnakeCase } from "../endpoints/table";
import { FLAG_WIRE_VALUES, type WireFilterName } from "../endpoints/filterKinds";

/** The service's maximum page size. */
export const MAX_PER_PAGE = 1000;

export interface QueryInit {
  id?: number | string;
  /** alias of `id` */
  itemId?: number | string;
  filters?: Record<string, FilterValue>;
  fields?: string | readonly string[];
  include?: string | readonly string[];
  metricKeys?: string | readonly string[];
  metricGroupKeys?: string | readonly string[];
  sort?: string;
  search?: string;
  page?: number;
  perPage?: number;
  maxPages?: number;
}

export interface QueryJSON {
  id?: number | string;
  filters?: Record<string, string | number | boolean | (string | number)[]>;
  fields?: string[];
  include?: string[];
  metricKeys?: string[];
  metricGroupKeys?: string[];
  sort?: string;
  search?: string;
  page?: number;
  perPage?: number;
  maxPages?: number;
}

/** The settings a query carries as they are (filters are copied, itemId is another name for id). */
const PLAIN_KEYS = ["id", "fields", "include", "metricKeys", "metricGroupKeys", "sort", "search", "page", "perPage", "maxPages"] as const;

const QUERY_KEYS = new Set<string>(["id", "itemId", "filters", ...PLAIN_KEYS]);

/** The init withPage is making a Query of: its fields other than the page ones are a Query's, checked when it was made. */
let checkedInit: QueryInit | undefined;

/**
 * The parameters other than page and per_page, by endpoint, of the queries that share one filters
 * object: a query and those withPage made of it (a pull's pages), which share all but their page
 * fields. A pull of many pages joins its lists (541 study ids) once, not per page.
 */
const sharedParams = new WeakMap<object, Map<string, Readonly<Record<string, string | number>>>>();

/** An immutable description of one request's parameters. */
export class Query {
  readonly id?: number | string;
  /** snake_case filter names → values, null-free */
  readonly filters: Readonly<Record<string, FilterValue>>;
  readonly fields?: readonly string[];
  readonly include?: readonly string[];
  readonly metricKeys?: readonly string[];
  readonly metricGroupKeys?: readonly string[];
  readonly sort?: string;
  readonly search?: string;
  readonly page?: number;
  readonly perPage?: number;
  readonly maxPages?: number;

  constructor(init: QueryInit = {}) {
    if (init === checkedInit) {
      Object.assign(this, init);
      this.filters = init.filters as Readonly<Record<string, FilterValue>>;
      this.page = positiveInteger("page", init.page);
      this.perPage = positiveInteger("perPage", init.perPage, { max: MAX_PER_PAGE });
      this.maxPages = positiveInteger("maxPages", init.maxPages);
      Object.freeze(this);
      return;
    }
    if (!isPlainObject(init as unknown)) throw new ValidationError("query", "must be an object of query fields");
    const unknown = Object.keys(init).filter((key) => !QUERY_KEYS.has(key));
    if (unknown.length) throw new ValidationError(unknown[0], notAllowedName(unknown[0], "a query field", [...QUERY_KEYS]));
    if (init.id !== undefined && init.itemId !== undefined && String(init.id) !== String(init.itemId)) {
      throw new ValidationError("itemId", `conflicts with id (${init.id} vs ${init.itemId}); give one`);
    }
    const id = checkItemId(init.id !== undefined ? "id" : "itemId", init.id ?? init.itemId);
    if (id !== undefined) this.id = id;
    this.filters = Object.freeze(normaliseFilters(init.filters));
    this.fields = freezeList("fields", init.fields);
    this.include = freezeList("include", init.include);
    this.metricKeys = freezeList("metricKeys", init.metricKeys);
    this.metricGroupKeys = freezeList("metricGroupKeys", init.metricGroupKeys);
    if (init.sort) this.sort = checkString("sort", init.sort);
    if (init.search) this.search = checkString("search", init.search);
    this.page = positiveInteger("page", init.page);
    this.perPage = positiveInteger("perPage", init.perPage, { max: MAX_PER_PAGE });
    this.maxPages = positiveInteger("maxPages", init.maxPages);
    Object.freeze(this);
  }

  /** A query with `extras` filled in where `query` leaves them unset; falsy extras are dropped. Built (and checked) once. */
  static ensure(query?: Query | QueryInit | null, extras: QueryInit = {}): Query {
    if (extras === null || !isPlainObject(extras as unknown)) throw new ValidationError("extras", "must be an object of query fields");
    const own: QueryInit = isQuery(query) ? query.toInit() : (query ?? {});
    if (!isPlainObject(own as unknown)) throw new ValidationError("query", "must be an object of query fields");
    const init: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(extras)) if (!isDropped(value)) init[key] = value;
    // the query's id wins over an extra one, whether either calls it id or itemId
    if (isSet(own.id) || isSet(own.itemId)) {
      delete init.id;
      delete init.itemId;
    }
    for (const [key, value] of Object.entries(own)) if (isSet(value)) init[key] = value;
    if (!isDropped(extras.filters) && isPlainObject(extras.filters) && isPlainObject(own.filters)) {
      init.filters = { ...extras.filters, ...Object.fromEntries(Object.entries(own.filters).filter(([, value]) => isSet(value))) };
    }
    return newQuery(init as QueryInit);
  }

  static fromJSON(json: QueryJSON | string): Query {
    if (typeof json !== "string") return newQuery(json);
    let parsed: QueryJSON;
    try {
      parsed = JSON.parse(json) as QueryJSON;
    } catch (error) {
      throw new ValidationError("json", `is not a saved query (${(error as Error).message})`);
    }
    return newQuery(parsed);
  }

  /** The fields as a plain init object (shallow copies), for deriving new queries. */
  toInit(): QueryInit {
    const init: QueryInit = { filters: { ...this.filters } };
    for (const key of PLAIN_KEYS) {
      const value = this[key];
      if (value !== undefined) (init as Record<string, unknown>)[key] = value;
    }
    return init;
  }

  toJSON(): QueryJSON {
    const init = this.toInit() as QueryJSON & QueryInit;
    const filters: NonNullable<QueryJSON["filters"]> = {};
    for (const [key, value] of Object.entries(this.filters)) {
      if (value === null || value === undefined) continue;
      filters[key] =
        value instanceof Date ? formatDateTime(value) : Array.isArray(value) ? [...value] : (value as string | number | boolean);
    }
    const json: QueryJSON = { ...init, filters } as QueryJSON;
    if (!Object.keys(filters).length) delete json.filters;
    for (const key of ["fields", "include", "metricKeys", "metricGroupKeys"] as const) {
      if (json[key]) json[key] = [...json[key]!];
    }
    return json;
  }

  /** One request only: maxPages is 1, or a page is set with neither perPage nor maxPages. */
  isSinglePage(): boolean {
    return this.maxPages === 1 || (this.page !== undefined && this.perPage === undefined && this.maxPages === undefined);
  }

  /** `nPages` queries for consecutive pages from `page ?? 1`. */
  paginated(nPages: number, perPage?: number): Iterable<Query> {
    if (typeof nPages !== "number" || !Number.isSafeInteger(nPages) || nPages < 0) {
      throw new ValidationError("nPages", `must be a whole number of pages >= 0, got ${describeValue(nPages)}`);
    }
    return this.#pages(nPages, positiveInteger("perPage", perPage, { max: MAX_PER_PAGE }) ?? this.perPage);
  }

  *#pages(nPages: number, size: number | undefined): Iterable<Query> {
    const start = this.page ?? 1;
    for (let page = start; page < start + nPages; page += 1) {
      yield newQuery({ ...this.toInit(), page, perPage: size });
    }
  }

  /** A copy with the truthy values given replacing page, perPage, maxPages. */
  withPage({ page, perPage, maxPages }: { page?: number; perPage?: number; maxPages?: number } = {}): Query {
    // its own fields as they are (frozen, checked): the filters object itself, which keys sharedParams
    const init: QueryInit = { ...this };
    if (page) init.page = page;
    if (perPage) init.perPage = perPage;
    if (maxPages) init.maxPages = maxPages;
    checkedInit = init;
    try {
      return newQuery(init);
    } finally {
      checkedInit = undefined;
    }
  }

  /** The query string parameters, wire names, lists comma-joined, in a fixed order; an item (`id`) is not paged. */
  toParams(endpoint: string): Record<string, string | number> {
    if (typeof endpoint !== "string" || endpoint === "") {
      throw new ValidationError("endpoint", `must be the resource the query is for, such as "brands", got ${describeValue(endpoint)}`);
    }
    const params: Record<string, string | number> = {};
    if (this.page !== undefined && this.id === undefined) params.page = this.page;
    if (this.perPage !== undefined && this.id === undefined) params.per_page = this.perPage;
    let byEndpoint = sharedParams.get(this.filters);
    if (byEndpoint === undefined) sharedParams.set(this.filters, (byEndpoint = new Map()));
    let rest = byEndpoint.get(endpoint);
    if (rest === undefined) byEndpoint.set(endpoint, (rest = Object.freeze(this.#unpagedParams(endpoint))));
    return Object.assign(params, rest);
  }

  /** toParams without page and per_page. */
  #unpagedParams(endpoint: string): Record<string, string | number> {
    const params: Record<string, string | number> = {};
    for (const name of Object.keys(this.filters).sort()) {
      const value = this.filters[name];
      if (value === null || value === undefined) continue;
      params[`filter[${name}]`] = encodeFilter(name, value);
    }
    const resource = endpoint.split("/")[0];
    if (this.fields) params[`fields[${fieldsKey(resource)}]`] = this.fields.join(",");
    if (this.include) params.include = this.include.join(",");
    if (this.sort) params.sort = this.sort;
    if (this.search) params.search = this.search;
    if (this.metricKeys) params.metric_keys = this.metricKeys.join(",");
    if (this.metricGroupKeys) params.metric_group_keys = this.metricGroupKeys.join(",");
    return params;
  }

  /** The path below the base URL: the collection, or the item when `id` is set. */
  path(endpoint: string): string {
    const resource = endpoint.replace(/^\/+|\/+$/g, "");
    return this.id === undefined ? resource : `${resource}/${encodeURIComponent(String(this.id))}`;
  }
}

// Query's body names its class only through these two: a class that names itself inside its body is
// renamed by the bundler (`_Query`), and a notebook would show that name.
function newQuery(init: QueryInit): Query {
  return new Query(init);
}

function isQuery(value: unknown): value is Query {
  return value instanceof Query;
}

function encodeFilter(name: string, value: FilterValue): string {
  if (typeof value === "boolean") {
    const [onTrue, onFalse] = FLAG_WIRE_VALUES[name as WireFilterName] ?? ["1", "0"];
    return value ? onTrue : onFalse;
  }
  return joinList(value);
}

function normaliseFilters(filters: QueryInit["filters"]): Record<string, FilterValue> {
  if (filters === undefined || filters === null) return {};
  if (!isPlainObject(filters)) throw new ValidationError("filters", "must be an object of filter name → value");
  const normalised: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    checkWellFormed("filters", key);
    checkWellFormed(`filters.${key}`, value);
    if (typeof value === "number" && !Number.isFinite(value)) {
      throw new ValidationError(`filters.${key}`, `must be a finite number, got ${value}`);
    }
    if (!isFilterValue(value)) {
      throw new ValidationError(
        `filters.${key}`,
        `must be a string, number, boolean, Date or a list of strings and numbers, got ${describeValue(value)}`,
      );
    }
    // the query's own copy: a caller changing its list or date later does not change the query
    normalised[toSnakeCase(key)] = Array.isArray(value)
      ? Object.freeze([...value])
      : value instanceof Date
        ? new Date(value.getTime())
        : value;
  }
  return normalised;
}

/** Whether a query field holds a value: not undefined, null, "" or an empty list. */
const isSet = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);

const isFilterValue = (value: unknown): boolean =>
  ["string", "number", "boolean"].includes(typeof value) ||
  (value instanceof Date && !Number.isNaN(value.getTime())) ||
  (Array.isArray(value) && value.every((item) => typeof item === "string" || typeof item === "number"));

function freezeList(parameter: string, value: string | readonly string[] | undefined): readonly string[] | undefined {
  const list = toList(parameter, value);
  return list ? Object.freeze(list) : undefined;
}

function checkString(parameter: string, value: unknown): string {
  if (typeof value !== "string") throw new ValidationError(parameter, `must be a string, got ${describeValue(value)}`);
  checkWellFormed(parameter, value);
  return value;
}

export type Scalar = string | number | boolean;
export type FilterValue = Scalar | Date | readonly (string | number)[] | null | undefined;
export type ListValue = string | readonly string[];

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** Falsy method parameters are dropped (API.md): false, 0, "", null, undefined and []. NaN is kept, to be refused by name. */
export const isDropped = (value: unknown): boolean => (!value && !Number.isNaN(value)) || (Array.isArray(value) && value.length === 0);

/** `YYYY-MM-DD HH:MM:SS` in UTC, the service's datetime filter form. */
const formatDateTime = (date: Date): string => date.toISOString().slice(0, 19).replace("T", " ");

/** One value, or a list joined with ",", as the wire wants it. */
function joinList(value: FilterValue): string {
  if (Array.isArray(value)) return value.map(String).join(",");
  if (value instanceof Date) return formatDateTime(value);
  return String(value);
}

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
