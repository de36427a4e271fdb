import { badRequest, validationError } from "../http/errors";

export interface SortKey {
  readonly field: string;
  readonly descending: boolean;
}

/** The query string of one request, read the way the service reads it (PHP: the last key wins). */
export interface ParsedQuery {
  readonly page: number;
  readonly perPage: number;
  /** filter[<name>] → raw value */
  readonly filters: ReadonlyMap<string, string>;
  /** fields[<resource_key>] → column names */
  readonly fields: ReadonlyMap<string, readonly string[]>;
  readonly include: readonly string[];
  readonly sort: readonly SortKey[];
  readonly search: string | null;
  readonly metricKeys: readonly string[] | null;
  readonly metricGroupKeys: readonly string[] | null;
  /** every parameter but `page`, in request order, for the paginator's links */
  readonly linkParams: ReadonlyArray<readonly [string, string]>;
}

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 1000;

const BRACKETED = /^(filter|fields)\[([^\][]+)\]$/;

export const commaList = (value: string): string[] =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

function positiveInteger(
  raw: string | undefined,
  name: string,
  fallback: number,
  max: number | null,
  errors: Record<string, string[]>,
): number {
  if (raw === undefined) return fallback;
  const label = name.replace("_", " ");
  if (!/^\s*\d+\s*$/.test(raw)) {
    errors[name] = [`The ${label} field must be an integer.`];
    return fallback;
  }
  const value = Number(raw);
  if (value < 1) errors[name] = [`The ${label} field must be at least 1.`];
  else if (max !== null && value > max) errors[name] = [`The ${label} field must not be greater than ${max}.`];
  return value;
}

export function parseQuery(rawQuery: string): ParsedQuery {
  const params = new URLSearchParams(rawQuery);
  const last = new Map<string, string>();
  for (const [key, value] of params) last.set(key, value);

  const errors: Record<string, string[]> = {};
  const page = positiveInteger(last.get("page"), "page", 1, null, errors);
  const perPage = positiveInteger(last.get("per_page"), "per_page", DEFAULT_PER_PAGE, MAX_PER_PAGE, errors);
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const filters = new Map<string, string>();
  const fields = new Map<string, string[]>();
  for (const [key, value] of last) {
    const match = BRACKETED.exec(key);
    if (match?.[1] === "filter") filters.set(match[2], value);
    else if (match?.[1] === "fields") fields.set(match[2], commaList(value));
  }

  const sortParam = last.get("sort");
  const sort =
    sortParam === undefined
      ? []
      : commaList(sortParam).map((item) =>
          item.startsWith("-") ? { field: item.slice(1), descending: true } : { field: item, descending: false },
        );
  if (sort.some((key) => key.field === "")) throw badRequest("Requested sort `-` is not allowed.");

  const listOrNull = (name: string) => (last.has(name) ? commaList(last.get(name)!) : null);
  return {
    page,
    perPage,
    filters,
    fields,
    include: commaList(last.get("include") ?? ""),
    sort,
    search: last.get("search")?.trim() || null,
    metricKeys: listOrNull("metric_keys"),
    metricGroupKeys: listOrNull("metric_group_keys"),
    linkParams: [...last].filter(([key]) => key !== "page"),
  };
}

/** The `page` a request asks for, leniently, for logs and fault matching (bad values count as 1). */
export function requestedPage(rawQuery: string): number {
  const match = /(?:^|&)page=(\d+)(?:&|$)/.exec(rawQuery);
  return match ? Number(match[1]) : 1;
}
