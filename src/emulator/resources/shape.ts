import type { WireRecord } from "../dataset/types";
import { badRequest } from "../http/errors";
import type { ParsedQuery } from "../query/parseQuery";
import type { IncludeResolver, IncludeSet } from "./includes";
import type { SlimForms } from "./slimForms";

/** Every route's includes, and the slim forms they embed: what a dotted include walks through. */
export interface IncludeCatalogue {
  readonly forms: SlimForms;
  /** by resource name */
  readonly sets: Readonly<Record<string, IncludeSet>>;
}

/** The resolver of each step of a dotted include (`category.sector`), or null where a step is not offered. */
function walk(includes: IncludeSet, catalogue: IncludeCatalogue, name: string): IncludeResolver[] | null {
  const steps: IncludeResolver[] = [];
  let offered: IncludeSet | undefined = includes;
  for (const step of name.split(".")) {
    const resolver: IncludeResolver | undefined = offered && Object.hasOwn(offered, step) ? offered[step] : undefined;
    if (!resolver) return null;
    steps.push(resolver);
    offered = "target" in resolver ? catalogue.sets[resolver.target] : undefined;
  }
  return steps;
}

/** 400 for an include the route does not offer (as the service's query builder answers, assumed), naming the offered ones. */
export function checkIncludes(includes: IncludeSet, catalogue: IncludeCatalogue, requested: readonly string[]): void {
  const unknown = requested.filter((name) => walk(includes, catalogue, name) === null);
  if (unknown.length > 0) {
    throw badRequest(
      `Requested include(s) \`${unknown.join(", ")}\` are not allowed. Allowed include(s) are \`${Object.keys(includes).join(", ")}\`.`,
    );
  }
}

export function checkSort(sortable: ReadonlySet<string>, query: ParsedQuery): void {
  const unknown = query.sort.filter((key) => !sortable.has(key.field)).map((key) => key.field);
  if (unknown.length > 0) {
    throw badRequest(`Requested sort(s) \`${unknown.join(", ")}\` is not allowed. Allowed sort(s) are \`${[...sortable].join(", ")}\`.`);
  }
}

/** The record's own columns named in fields[...] (unknown names are ignored), in record order. */
export function pickFields(record: WireRecord, fields: readonly string[] | undefined): Record<string, unknown> {
  if (!fields) return { ...record };
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (fields.includes(key)) picked[key] = record[key];
  return picked;
}

type Embedded = Record<string, unknown> | null;

/** What one include step embeds for `record`, with the rest of a dotted name nested inside each object. */
function embed(record: WireRecord, steps: readonly IncludeResolver[], catalogue: IncludeCatalogue, names: readonly string[]): unknown {
  const [step, ...rest] = steps;
  if ("value" in step) return step.value(record);
  const nest = (id: number): Embedded => {
    const slim = catalogue.forms.slim(step.target, id);
    if (!slim || rest.length === 0) return slim;
    const target = catalogue.forms.record(step.target, id)!;
    return { ...slim, [names[1]]: embed(target, rest, catalogue, names.slice(1)) };
  };
  if ("one" in step) {
    const id = step.one(record);
    return id === null || id === undefined ? null : nest(id);
  }
  return step.many(record).map(nest);
}

/** Adds one include to a record being shaped; `category` and `category.sector` together give one nested object. */
export function addInclude(
  shaped: Record<string, unknown>,
  record: WireRecord,
  name: string,
  includes: IncludeSet,
  catalogue: IncludeCatalogue,
): void {
  const steps = walk(includes, catalogue, name)!;
  const names = name.split(".");
  const value = embed(record, steps, catalogue, names);
  const present = shaped[names[0]];
  shaped[names[0]] = mergeIncluded(present, value);
}

/** Merges a nested include into what a shorter one already put there (same ids, more keys). */
function mergeIncluded(present: unknown, value: unknown): unknown {
  if (present === undefined || present === null || value === null) return value;
  if (Array.isArray(present) && Array.isArray(value)) return value.map((item, index) => mergeIncluded(present[index], item));
  if (typeof present === "object" && typeof value === "object" && !Array.isArray(present)) {
    const merged: Record<string, unknown> = { ...(present as Record<string, unknown>) };
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) merged[key] = mergeIncluded(merged[key], item);
    return merged;
  }
  return value;
}

/** The record as it goes out: its fields (fields[<resource>]), then each include under its name, slim. */
export function shapeRecord(
  record: WireRecord,
  fieldsKey: string,
  includes: IncludeSet,
  catalogue: IncludeCatalogue,
  query: ParsedQuery,
): Record<string, unknown> {
  const shaped = pickFields(record, query.fields.get(fieldsKey));
  for (const name of query.include) addInclude(shaped, record, name, includes, catalogue);
  return shaped;
}
