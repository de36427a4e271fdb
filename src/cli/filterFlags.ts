import { filterKindOf, type FilterKind } from "../endpoints/filterKinds";
import { ENDPOINTS, toSnakeCase, wireFilterName, type EndpointSpec } from "../endpoints/table";

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
  /** other spellings accepted for the same filter (`--country-codes` where the docs name `country_code`), shown in --help */
  readonly aliases: readonly FlagAlias[];
}

export interface FlagAlias {
  readonly flag: string;
  readonly attribute: string;
}

const ALL_FILTERS: ReadonlySet<string> = new Set(ENDPOINTS.flatMap((spec) => spec.filters));

/** One filter the docs spell two ways across resources (`years` ids and `year` numbers are two filters, not one). */
const SAME_FILTER: Readonly<Record<string, string>> = {
  country_code: "country_codes",
  country_codes: "country_code",
  year_number: "year_numbers",
  year_numbers: "year_number",
};

/**
 * The spellings a filter has on other commands: the docs name the same filter `country_code` on
 * brandscape-data and `country_codes` on brands and studies (`year_number` likewise), so each
 * command takes the other spelling too. A flag named after a method parameter (`--main-study`)
 * also takes its wire name (`--bav-study`).
 */
function aliasesOf(spec: EndpointSpec, wire: string, flagName: string): FlagAlias[] {
  const other = SAME_FILTER[wire];
  const names = [other, wire]
    .map((name) => name && kebabCase(name))
    .filter((name, index) => (index === 0 ? ALL_FILTERS.has(other) && !spec.filters.includes(other) : name !== flagName));
  return names.map((name) => ({ flag: `--${name}`, attribute: camelCase(name) }));
}

export const kebabCase = (name: string): string => toSnakeCase(name).replace(/_/g, "-");
const camelCase = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

const VALUE_NAMES: Record<FilterKind, string> = {
  text: "<text>",
  flag: "[0|1]",
  ids: "<ids>",
  countryCodes: "<codes>",
  yearList: "<years>",
  year: "<year>",
  count: "<n>",
  datetime: "<when>",
};

const KIND_HELP: Record<FilterKind, string> = {
  text: "contains this text",
  flag: "alone sends 1; 0, false, no or off sends 0",
  ids: "one id or a comma list",
  countryCodes: "ISO country codes, comma list (US,GB)",
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
      aliases: aliasesOf(spec, wire, flagName),
    };
  });
}
