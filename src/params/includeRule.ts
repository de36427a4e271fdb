import type { EndpointSpec } from "../endpoints/table";
import { toList } from "../query/values";

export const NO_DEFAULT_INCLUDE = "no_default";

/**
 * API.md's include rule for endpoints with default includes: nothing named → the defaults;
 * only non-default names → defaults plus those; any default named → exactly what was named;
 * "no_default" → no defaults. The order on the wire is fixed: defaults first, then as named.
 * Every name goes to the wire as given, dotted ones too: the service decides what it serves
 * (a name it refuses comes back as its APIError).
 */
export function resolveInclude(spec: EndpointSpec, include: unknown): string[] | undefined {
  const named = [...new Set(toList("include", include) ?? [])];
  const unique = named.filter((name) => name !== NO_DEFAULT_INCLUDE);
  const defaults = spec.defaultInclude;
  if (!defaults || named.includes(NO_DEFAULT_INCLUDE)) return unique.length ? unique : undefined;
  if (!unique.length) return [...defaults];
  if (unique.some((name) => defaults.includes(name))) return unique;
  return [...defaults, ...unique];
}
