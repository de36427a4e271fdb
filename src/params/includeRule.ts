import type { EndpointSpec } from "../endpoints/table";
import { ValidationError } from "../errors";
import { toList } from "../query/values";

export const NO_DEFAULT_INCLUDE = "no_default";

/**
 * API.md's include rule for endpoints with default includes: nothing named → the defaults;
 * only non-default names → defaults plus those; any default named → exactly what was named;
 * "no_default" → no defaults. The order on the wire is fixed: defaults first, then as named.
 * A name the endpoint table does not list for the endpoint is refused before any request.
 */
export function resolveInclude(spec: EndpointSpec, include: unknown): string[] | undefined {
  const named = [...new Set(toList("include", include) ?? [])];
  checkOffered(spec, named);
  const unique = named.filter((name) => name !== NO_DEFAULT_INCLUDE);
  const defaults = spec.defaultInclude;
  if (!defaults || named.includes(NO_DEFAULT_INCLUDE)) return unique.length ? unique : undefined;
  if (!unique.length) return [...defaults];
  if (unique.some((name) => defaults.includes(name))) return unique;
  return [...defaults, ...unique];
}

function checkOffered(spec: EndpointSpec, named: readonly string[]): void {
  const allowed = [...spec.includes.map((offered) => offered.name), NO_DEFAULT_INCLUDE];
  const unknown = named.filter((name) => !allowed.includes(name));
  if (unknown.length) {
    const names = unknown.map((name) => JSON.stringify(name)).join(", ");
    throw new ValidationError("include", `${spec.method} offers no include ${names}; allowed: ${allowed.join(", ")}`);
  }
}
