import { documentedRoute } from "../endpoints/declaredColumns";
import { DOCUMENTED } from "../endpoints/documented";
import type { JsonRecord } from "../records";
import { closestName } from "../text/closestName";

export const UNKNOWN_FIELD_WARNING = "FOUNTFRAME_UNKNOWN_FIELD";

/**
 * The names `fields` asked for that are neither a documented field of the endpoint's records nor a
 * key of the first page's records, each with the closest of those. The service leaves a name it does
 * not know out of its answer without a word (`fields: ["nmae"]` gives the other columns), and
 * brandscape data documents no field table: there its metric columns are known from the records
 * received (`differentiation_c`).
 */
export function unknownFields(
  endpoint: string,
  fields: readonly string[] | undefined,
  records: readonly JsonRecord[],
): { name: string; closest?: string }[] {
  if (!fields?.length) return [];
  const route = documentedRoute(endpoint);
  const known = new Set<string>(["id", ...(route ? Object.keys(DOCUMENTED[route].columns) : [])]);
  for (const record of records) for (const key in record) known.add(key);
  return fields.filter((name) => !known.has(name)).map((name) => ({ name, closest: closestName(name, [...known])?.name }));
}

/** One warning naming the fields the records and the docs do not know; whether there was one. */
export function warnUnknownFields(endpoint: string, fields: readonly string[] | undefined, records: readonly JsonRecord[]): boolean {
  const unknown = unknownFields(endpoint, fields, records);
  if (!unknown.length) return false;
  const named = unknown.map(({ name, closest }) => (closest ? `${JSON.stringify(name)}: did you mean ${closest}?` : JSON.stringify(name)));
  process.emitWarning(
    `${endpoint}: ${unknown.length === 1 ? "a field" : "fields"} neither documented nor in the records received, so left out of the result: ${named.join("; ")}`,
    { code: UNKNOWN_FIELD_WARNING },
  );
  return true;
}
