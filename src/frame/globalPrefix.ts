import { isNestedObject } from "./nestedObject";
import type { JsonRecord } from "./types";

const UNDERSCORE = 95;
const NO_KEYS: ReadonlySet<string> = new Set();

/** What an included object's columns are prefixed with when it clashes with the record's own columns. */
export const GLOBAL_PREFIX = "global_";

/**
 * The keys of the included objects that get the `global_` prefix (WIRE.md "Records"): an object under
 * `k` whose name starts one of the record's own columns, i.e. the record has a top-level key that is
 * not a nested object and starts with `k_` (`brand` → `brand_id`, `brand_name`). Without the prefix
 * the include's `brand_name` would collide with the record's own, local-spelling `brand_name`.
 */
export function globalIncludeKeys(record: JsonRecord): ReadonlySet<string> {
  let includeKeys: string[] | undefined;
  for (const key in record) {
    if (isNestedObject(record[key])) (includeKeys ??= []).push(key);
  }
  if (includeKeys === undefined) return NO_KEYS;
  const prefixed = new Set<string>();
  for (const include of includeKeys) {
    for (const own in record) {
      if (
        own.length > include.length &&
        own.charCodeAt(include.length) === UNDERSCORE &&
        own.startsWith(include) &&
        !isNestedObject(record[own])
      ) {
        prefixed.add(include);
        break;
      }
    }
  }
  return prefixed;
}

/** The column-name root of a top-level key: `global_brand` for a prefixed include, else the key. */
export function topLevelName(key: string, prefixedKeys: ReadonlySet<string>): string {
  return prefixedKeys.size > 0 && prefixedKeys.has(key) ? GLOBAL_PREFIX + key : key;
}
