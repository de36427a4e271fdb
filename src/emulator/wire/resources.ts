/**
 * The service's addresses as WIRE.md describes them, in the emulator's own terms: it shares no
 * table with the client, so a wrong assumption on one side shows up as a failure on the other.
 */
export const RESOURCES = [
  "audience-groups",
  "audiences",
  "brand-metric-groups",
  "brand-metrics",
  "brands",
  "brandscape-data",
  "categories",
  "cities",
  "collections",
  "companies",
  "countries",
  "regions",
  "sectors",
  "studies",
  "years",
] as const;

export type Resource = (typeof RESOURCES)[number];

const RESOURCE_SET: ReadonlySet<string> = new Set(RESOURCES);
export const isResource = (name: string): name is Resource => RESOURCE_SET.has(name);

export const HEALTH_ROUTE = "health";

/** `fields[...]` is keyed by the resource name with `-` turned into `_`. */
export const fieldsKey = (resource: string): string => resource.replace(/-/g, "_");
