import { isNestedObject } from "./nestedObject";
import type { JsonRecord } from "./types";

const UNDERSCORE = 95;

/** What an included object's columns are prefixed with when it clashes with the record's own columns. */
export const GLOBAL_PREFIX = "global_";

/**
 * brandscapeData's rule (WIRE.md "Records"): whether the object included under `include` gets the
 * `global_` prefix, i.e. whether the record has a top-level key, not itself a nested object, that
 * starts with `include_` (`brand` → `brand_id`, `brand_name`). Without the prefix the include's
 * `brand_name` would collide with the record's own, local-spelling `brand_name`.
 *
 * `witnesses` remembers, per include, the key that decided it last time: records of one page share
 * their keys, so the next record is usually decided by one look-up instead of a scan of ~350 keys.
 */
export function clashesWithOwnColumn(
  record: JsonRecord,
  keys: readonly string[],
  include: string,
  witnesses?: Map<string, string>,
): boolean {
  const witness = witnesses?.get(include);
  if (witness !== undefined && Object.hasOwn(record, witness) && !isNestedObject(record[witness])) return true;
  for (const own of keys) {
    if (
      own.length > include.length &&
      own.charCodeAt(include.length) === UNDERSCORE &&
      own.startsWith(include) &&
      !isNestedObject(record[own])
    ) {
      witnesses?.set(include, own);
      return true;
    }
  }
  return false;
}

/** The top-level keys of the included objects that get the `global_` prefix. */
export function globalIncludeKeys(record: JsonRecord): ReadonlySet<string> {
  const prefixed = new Set<string>();
  const keys = Object.keys(record);
  for (const key of keys) {
    if (isNestedObject(record[key]) && clashesWithOwnColumn(record, keys, key)) prefixed.add(key);
  }
  return prefixed;
}

/** The column-name root of a top-level key: `global_brand` for a prefixed include, else the key. */
export function topLevelName(key: string, prefixedKeys: ReadonlySet<string>): string {
  return prefixedKeys.size > 0 && prefixedKeys.has(key) ? GLOBAL_PREFIX + key : key;
}
