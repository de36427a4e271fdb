import type { EndpointSpec } from "../endpoints/table";
import { toList } from "../query/values";

export const NO_DEFAULT_INCLUDE = "no_default";

/**
 * API.md's include rule for endpoints with default includes: nothing named → the defaults;
 * only non-default names → defaults plus those; any default named → exactly what was named;
 * "no_default" → no defaults. The order on the wire is fixed: defaults first, then as named.
 */
export function resolveInclude(spec: EndpointSpec, include: unknown): string[] | undefined {
  const named = toList("include", include) ?? [];
  const unique = [...new Set(named)];
  const defaults = spec.defaultInclude;
  if (!defaults) return unique.length ? unique : undefined;
  if (unique.includes(NO_DEFAULT_INCLUDE)) {
    const rest = unique.filter((name) => name !== NO_DEFAULT_INCLUDE);
    return rest.length ? rest : undefined;
  }
  if (!unique.length) return [...defaults];
  if (unique.some((name) => defaults.includes(name))) return unique;
  return [...defaults, ...unique];
}
