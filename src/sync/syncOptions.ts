import { ENDPOINT_BY_METHOD, toSnakeCase, type MethodName } from "../endpoints/table";
import { ValidationError } from "../errors";
import { buildQuery } from "../params/buildQuery";
import { canonicalQuery } from "./canonicalQuery";

/** Options that would make a pull partial or its rows not one per id: a sync refuses them. */
const REFUSED = ["query", "page", "maxPages", "stackData"] as const;
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export interface CheckedSync {
  readonly method: MethodName;
  readonly table: string;
  readonly full: boolean;
  /** mode "full" may replace a table of that name the store did not make */
  readonly replaceUntrackedTable: boolean;
  /** the method's options without table and mode, in their one canonical form (canonicalQuery.ts): what the store keeps as the query */
  readonly options: Record<string, unknown>;
  /** the query asks for one item by its id (`brandId: 3`): a 404 says it is gone */
  readonly item: boolean;
}

/** The list of `fields` with the names a sync needs added (`fields` left out asks for every field). */
export function withFields(options: Record<string, unknown>, needed: readonly string[]): Record<string, unknown> {
  const { fields } = options;
  if (fields === undefined) return options;
  const list = typeof fields === "string" ? fields.split(",").map((name) => name.trim()) : [...(fields as readonly string[])];
  return { ...options, fields: [...list, ...needed.filter((name) => !list.includes(name))] };
}

/** The `fields` of options withFields made (a list), if any. */
export const fieldsOf = (options: Record<string, unknown>): readonly string[] | undefined =>
  options.fields as readonly string[] | undefined;

/**
 * The arguments of client.sync checked before any request: every bad one a ValidationError naming
 * it; a filter the docs do not name warned of unless `warnFilters` is false (a check ahead of the sync's own).
 */
/** The options sync takes beside the method's own. */
const SYNC_OPTIONS = ["table", "mode", "replaceUntrackedTable"] as const;

export function checkSync(endpoint: unknown, options: unknown, { warnFilters = true } = {}): CheckedSync {
  const spec = typeof endpoint === "string" ? ENDPOINT_BY_METHOD.get(endpoint) : undefined;
  if (!spec)
    throw new ValidationError("endpoint", `a method name: ${[...ENDPOINT_BY_METHOD.keys()].join(", ")}; got ${JSON.stringify(endpoint)}`);
  if (options !== undefined && (options === null || typeof options !== "object" || Array.isArray(options))) {
    throw new ValidationError("options", `${spec.method}'s options object plus table and mode`);
  }
  const {
    table = toSnakeCase(spec.method),
    mode = "auto",
    replaceUntrackedTable = false,
    ...rest
  } = (options ?? {}) as Record<string, unknown>;
  // DuckDB compares names case-insensitively: FOUNTFRAME_SYNC is the state table too
  if (typeof table !== "string" || !TABLE_NAME.test(table) || table.toLowerCase().startsWith("fountframe_")) {
    throw new ValidationError("table", `a table name (letters, digits, _; not starting fountframe_), got ${JSON.stringify(table)}`);
  }
  if (mode !== "auto" && mode !== "full") throw new ValidationError("mode", `"auto" or "full", got ${JSON.stringify(mode)}`);
  if (typeof replaceUntrackedTable !== "boolean")
    throw new ValidationError("replaceUntrackedTable", `true or false, got ${JSON.stringify(replaceUntrackedTable)}`);
  if (replaceUntrackedTable && mode !== "full")
    throw new ValidationError(
      "replaceUntrackedTable",
      'only with mode: "full" (a table the store did not make is replaced whole, never merged into)',
    );
  for (const name of REFUSED) {
    if (rest[name] !== undefined)
      throw new ValidationError(name, `not taken by sync, which pulls every page of the method's own options, one row per id`);
  }
  // the method's own checks: unknown options, filter names and values
  const { query } = buildQuery(spec, [rest], { warnFilters, names: { also: SYNC_OPTIONS, without: REFUSED } });
  return {
    method: spec.method as MethodName,
    table,
    full: mode === "full",
    replaceUntrackedTable,
    options: canonicalQuery(spec, rest),
    item: query.id !== undefined,
  };
}

/**
 * A query as a table's state keeps it, in the canonical form: a store written by an earlier version
 * kept the options as given (`studies: [2, 1]`, the command line's `"1,2"`). A query whose values no
 * longer pass their checks is taken as it is (it then matches no run's query).
 */
export function storedQuery(endpoint: string, query: Record<string, unknown>): Record<string, unknown> {
  const spec = ENDPOINT_BY_METHOD.get(endpoint);
  if (!spec) return query;
  try {
    return canonicalQuery(spec, query);
  } catch {
    return query;
  }
}
