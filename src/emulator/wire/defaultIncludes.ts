/**
 * The resource pages: "By default, relationships apart from the sector are not included." Only
 * brands and brandscape-data offer a `sector` include, so those two send it on every record;
 * an `include` list adds to it (there is no documented way to leave it out).
 */
const DEFAULT_INCLUDES: Readonly<Record<string, readonly string[]>> = {
  brands: ["sector"],
  "brandscape-data": ["sector"],
};

/** What a route includes for a request's `include` list: those, then its defaults not already named. */
export function withDefaultIncludes(resource: string, requested: readonly string[]): readonly string[] {
  const defaults = DEFAULT_INCLUDES[resource] ?? [];
  const missing = defaults.filter((name) => !requested.includes(name));
  return missing.length === 0 ? requested : [...requested, ...missing];
}
