/**
 * `fields` as asked: the service answers with its own key order, so columns and record keys are put
 * in the order the user gave. A column belongs to a field when it is that field or was flattened
 * from it (`brand` → `brand_name`); columns of no field keep their order, after the asked ones.
 */
import type { JsonRecord } from "../records";
import { setField } from "./ownField";

function rankOf(name: string, fields: readonly string[]): number {
  const exact = fields.indexOf(name);
  if (exact >= 0) return exact;
  const parent = fields.findIndex((field) => name.startsWith(`${field}_`));
  return parent >= 0 ? parent : fields.length;
}

/** `names` in the asked order, or undefined when they already are (or no fields were asked). */
export function namesInFieldOrder(names: readonly string[], fields: readonly string[] | undefined): string[] | undefined {
  if (!fields || fields.length < 2) return undefined;
  const ordered = names
    .map((name, position) => ({ name, position, rank: rankOf(name, fields) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position)
    .map(({ name }) => name);
  return ordered.every((name, position) => name === names[position]) ? undefined : ordered;
}

/** The same record with its keys in the asked order. */
export function recordInFieldOrder<T extends object>(record: T, fields: readonly string[]): T {
  const ordered = namesInFieldOrder(Object.keys(record), fields);
  if (!ordered) return record;
  const source = record as JsonRecord;
  const copy: JsonRecord = {};
  for (const key of ordered) setField(copy, key, source[key]);
  return copy as T;
}

/** A pull's pages with each record's keys in the asked order (the pages themselves when no order was asked). */
export function pagesInFieldOrder<P extends { readonly records: readonly object[] }>(
  pages: AsyncGenerator<P, void>,
  fields: readonly string[] | undefined,
): AsyncGenerator<P, void> {
  if (!fields || fields.length < 2) return pages;
  return reordered(pages, fields);
}

async function* reordered<P extends { readonly records: readonly object[] }>(
  pages: AsyncGenerator<P, void>,
  fields: readonly string[],
): AsyncGenerator<P, void> {
  for await (const page of pages) yield { ...page, records: page.records.map((record) => recordInFieldOrder(record, fields)) };
}
