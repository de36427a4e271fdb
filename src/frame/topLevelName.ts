import { GLOBAL_PREFIX } from "./globalPrefix";
import { isNestedObject } from "./nestedObject";

/** The column-name root of a record's top-level key: `global_brand` for a prefixed include, else the key. */
export function topLevelName(key: string, value: unknown, globalIncludes: ReadonlySet<string>): string {
  return globalIncludes.size > 0 && globalIncludes.has(key) && isNestedObject(value) ? GLOBAL_PREFIX + key : key;
}
