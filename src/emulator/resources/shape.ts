import type { WireRecord } from "../dataset/types";
import { badRequest } from "../http/errors";
import type { ParsedQuery } from "../query/parseQuery";
import type { IncludeSet } from "./includes";
import { fieldsKey } from "../wire/resources";

/** 400 for an include the resource does not offer (WIRE.md, assumed), naming the allowed ones. */
export function checkIncludes(allowed: readonly string[], requested: readonly string[]): void {
  const unknown = requested.filter((name) => !allowed.includes(name));
  if (unknown.length > 0) {
    throw badRequest(`Requested include(s) \`${unknown.join(", ")}\` are not allowed. Allowed include(s) are \`${allowed.join(", ")}\`.`);
  }
}

export function checkSort(columns: ReadonlySet<string>, query: ParsedQuery): void {
  const unknown = query.sort.filter((key) => !columns.has(key.field)).map((key) => key.field);
  if (unknown.length > 0) {
    throw badRequest(`Requested sort(s) \`${unknown.join(", ")}\` is not allowed. Allowed sort(s) are \`${[...columns].join(", ")}\`.`);
  }
}

/** The record's own columns named in fields[...] (unknown names are ignored), in record order. */
export function pickFields(record: WireRecord, fields: readonly string[] | undefined): Record<string, unknown> {
  if (!fields) return { ...record };
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (fields.includes(key)) picked[key] = record[key];
  return picked;
}

/** The record as it goes out: its fields, then each include under its name. */
export function shapeRecord(record: WireRecord, resource: string, includes: IncludeSet, query: ParsedQuery): Record<string, unknown> {
  const shaped = pickFields(record, query.fields.get(fieldsKey(resource)));
  for (const name of query.include) {
    const resolver = includes[name];
    const targetFields = query.fields.get(fieldsKey(resolver.target));
    const value = resolver.resolve(record);
    shaped[name] = Array.isArray(value) ? value.map((item) => pickFields(item, targetFields)) : value && pickFields(value, targetFields);
  }
  return shaped;
}
