import { wireFilterName, type EndpointSpec } from "../endpoints/table";
import { closestName } from "../text/closestName";

export const UNKNOWN_FILTER_WARNING = "FOUNTFRAME_UNKNOWN_FILTER";

/**
 * brandscape-data documents every one of its ~350 columns as filterable without listing them, so
 * there a name the client does not know is only flagged when it is this close to a documented one
 * (`country_codes` for `country_code`).
 */
const MISSPELT_WITHIN = 2;

/** A filter as the caller gave it and its wire name. */
export interface GivenFilter {
  key: string;
  wireName: string;
}

/** The names the endpoint knows: its documented filters and its own parameters' wire names. */
function knownFilters(spec: EndpointSpec): string[] {
  return [...spec.filters, ...[...spec.positional, ...spec.optionFilters].map((param) => wireFilterName(spec, param))];
}

/**
 * One warning naming every filter of a call the docs do not list for the endpoint, each with the
 * closest documented name. The filters are still sent: the service may know them, and a misspelt
 * one is otherwise ignored there in silence (every record comes back).
 */
export function warnUnknownFilters(spec: EndpointSpec, given: readonly GivenFilter[]): void {
  const known = knownFilters(spec);
  const unknown: string[] = [];
  for (const { key, wireName } of given) {
    if (known.includes(wireName)) continue;
    const closest = closestName(wireName, spec.filters);
    if (spec.everyColumnFilterable && (!closest || closest.distance > MISSPELT_WITHIN)) continue;
    unknown.push(closest ? `${key}: did you mean ${closest.name}?` : key);
  }
  if (!unknown.length) return;
  process.emitWarning(
    `${spec.method}: ${unknown.length === 1 ? "a filter" : "filters"} the docs do not name for ${spec.resource}, sent as given: ${unknown.join("; ")} (give a filter you mean to send in extraFilters)`,
    { code: UNKNOWN_FILTER_WARNING },
  );
}
