import { filterKindOf, type FilterKind } from "../endpoints/filterKinds";
import { toSnakeCase, wireFilterName, type EndpointSpec } from "../endpoints/table";

/** One command-line flag for one wire filter of a resource. */
export interface FilterFlag {
  /** `--country-codes` */
  readonly flag: string;
  /** the key commander stores the value under (`countryCodes`) */
  readonly attribute: string;
  /** `country_codes` */
  readonly wire: string;
  readonly kind: FilterKind | undefined;
  readonly valueName: string;
  readonly description: string;
}

export const kebabCase = (name: string): string => toSnakeCase(name).replace(/_/g, "-");
const camelCase = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

const VALUE_NAMES: Record<FilterKind, string> = {
  text: "<text>",
  flag: "[0|1]",
  ids: "<ids>",
  countryCodes: "<codes>",
  countryCode: "<code>",
  yearList: "<years>",
  year: "<year>",
  count: "<n>",
  datetime: "<when>",
};

const KIND_HELP: Record<FilterKind, string> = {
  text: "contains this text",
  flag: "alone sends 1; 0 or false sends 0",
  ids: "one id or a comma list",
  countryCodes: "ISO country codes, comma list (US,GB)",
  countryCode: "one ISO country code (US)",
  yearList: "one year or a comma list (2023,2024)",
  year: "a year (2024)",
  count: "a whole number",
  datetime: "'YYYY-MM-DD HH:MM:SS' or YYYY-MM-DD",
};

/**
 * A resource's filters as flags, from the endpoint table: the method's own parameters first, named
 * after the parameter (`--main-study` for `bav_study`), then every documented filter after its wire
 * name, `updated_since` last, as every resource takes it.
 */
export function filterFlags(spec: EndpointSpec): FilterFlag[] {
  const paramByWire = new Map<string, string>();
  for (const param of [...spec.positional, ...spec.optionFilters]) paramByWire.set(wireFilterName(spec, param), param);
  // the method's own parameters first; `id` is left to `--id` (the item) and `--filter id=...`
  const wires = [...paramByWire.keys(), ...spec.filters, "updated_since"].filter(
    (wire, index, all) => wire !== "id" && all.indexOf(wire) === index,
  );
  return wires.map((wire) => {
    const flagName = kebabCase(paramByWire.get(wire) ?? wire);
    const kind = filterKindOf(wire);
    const label = flagName !== wire.replace(/_/g, "-") ? ` (filter[${wire}])` : "";
    return {
      flag: `--${flagName}`,
      attribute: camelCase(flagName),
      wire,
      kind,
      valueName: kind ? VALUE_NAMES[kind] : "<value>",
      description: `${kind ? KIND_HELP[kind] : "filter value"}${label}`,
    };
  });
}
