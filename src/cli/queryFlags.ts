import type { EndpointSpec } from "../endpoints/table";
import type { FilterValue, QueryInit } from "../query/query";
import { filterFlags, kebabCase } from "./filterFlags";
import type { FlagNames } from "./flagNames";
import { ValidationError } from "../errors";

/** What commander parsed from the query flags. */
export interface QueryFlags {
  id?: string;
  filter?: Record<string, FilterValue>;
  fields?: string;
  include?: string;
  sort?: string;
  search?: string;
  page?: number;
  perPage?: number;
  maxPages?: number;
  stack?: boolean;
  metricKeys?: string;
  metricGroupKeys?: string;
  [filterAttribute: string]: unknown;
}

const SHARED = ["fields", "include", "sort", "search", "page", "perPage", "maxPages", "metricKeys", "metricGroupKeys"] as const;

/**
 * A resource command's flags → the method's options object. Every filter goes through `filters`
 * under its wire name, so `--active 0` reaches the wire (the method's own parameters drop falsy
 * values); `--filter key=value` entries come last and win.
 */
export function methodOptions(spec: EndpointSpec, flags: QueryFlags): { options: Record<string, unknown>; names: FlagNames } {
  const names = new Map<string, string>([[spec.method, spec.resource]]);
  const filters: Record<string, FilterValue> = {};
  for (const filter of filterFlags(spec)) {
    names.set(`filters.${filter.wire}`, filter.flag);
    const given = [filter, ...filter.aliases].filter(({ attribute }) => flags[attribute] !== undefined);
    if (given.length > 1) throw new ValidationError(filter.flag, `given as ${given.map(({ flag }) => flag).join(" and ")}: give it once`);
    if (given.length) filters[filter.wire] = flags[given[0].attribute] as FilterValue;
  }
  for (const param of [...spec.positional, ...spec.optionFilters]) names.set(param, `--${kebabCase(param)}`);
  const options: Record<string, unknown> = { filters: { ...filters, ...flags.filter } };
  for (const key of Object.keys(flags.filter ?? {})) names.set(`filters.${key}`, `--filter ${key}`);
  for (const key of SHARED) {
    names.set(key, `--${kebabCase(key)}`);
    if (flags[key] !== undefined) options[key] = flags[key];
  }
  if (spec.idKey) {
    names.set(spec.idKey, "--id");
    if (flags.id !== undefined) options[spec.idKey] = flags.id;
  }
  return { options, names };
}

/** `raw`'s flags → a Query's fields. */
export function rawQueryInit(flags: QueryFlags): { init: QueryInit; names: FlagNames } {
  const names = new Map<string, string>([
    ["id", "--id"],
    ["query", "--filter"],
  ]);
  const init: QueryInit = { filters: { ...flags.filter } };
  for (const key of Object.keys(flags.filter ?? {})) names.set(`filters.${key}`, `--filter ${key}`);
  if (flags.id !== undefined) init.id = flags.id;
  for (const key of SHARED) {
    names.set(key, `--${kebabCase(key)}`);
    if (flags[key] !== undefined) (init as Record<string, unknown>)[key] = flags[key];
  }
  return { init, names };
}
