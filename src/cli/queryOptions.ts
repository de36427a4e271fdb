import { InvalidArgumentError, Option, type Command } from "commander";
import { COLUMN_TYPES, type ColumnType } from "../table/columnType";
import type { EndpointSpec } from "../endpoints/table";
import { filterFlags } from "./filterFlags";
import { collectFilter, filterValueOfKind, parseFlagValue, parsePositiveInteger } from "./parseValues";

const FILTERS = "Filters:";
const QUERY = "Query:";

/** The resource's own filters, one flag each, from the endpoint table. */
export function addFilterOptions(command: Command, spec: EndpointSpec): Command {
  for (const filter of filterFlags(spec)) {
    const spellings = [{ flag: filter.flag, description: filter.description }];
    for (const alias of filter.aliases) spellings.push({ flag: alias.flag, description: `the same as ${filter.flag}` });
    for (const { flag, description } of spellings) {
      const option = new Option(`${flag} ${filter.valueName}`, description).helpGroup(FILTERS);
      if (filter.kind === "flag") option.argParser(parseFlagValue);
      else if (filter.kind === "count") option.argParser((text: string) => filterValueOfKind("count", text));
      command.addOption(option);
    }
  }
  return command;
}

/** What narrows, shapes and pages a query, on resource commands (spec given) and `raw` (none). */
export function addQueryOptions(command: Command, spec?: EndpointSpec): Command {
  const options: Option[] = [];
  if (!spec || spec.idKey) options.push(new Option("--id <id>", "one item by its id"));
  options.push(
    new Option("--filter <key=value>", "any filter by its wire name, repeatable; commas make lists").argParser(collectFilter),
    new Option("--fields <names>", "only these fields, comma list"),
    new Option("--include <names>", includeHelp(spec)),
    new Option("--sort <field>", "sort by a field; -field for descending"),
  );
  if (!spec || spec.search) options.push(new Option("--search <text>", "the service's free-text search"));
  options.push(
    new Option("--page <n>", "first page to fetch").argParser(parsePositiveInteger),
    new Option("--per-page <n>", "records per page (at most 1000)").argParser(parsePositiveInteger),
    new Option("--max-pages <n>", "fetch at most this many pages").argParser(parsePositiveInteger),
  );
  if (spec) options.push(new Option("--stack", "nested lists become rows (stackData)"));
  if (!spec || spec.metricKeys) {
    options.push(
      new Option("--metric-keys <keys>", "only these metrics, comma list"),
      new Option("--metric-group-keys <keys>", "only these metric groups, comma list"),
    );
  }
  for (const option of options) command.addOption(option.helpGroup(QUERY));
  return command;
}

/** The documented includes are named (any name is sent: the service decides), and the defaults where there are some. */
function includeHelp(spec: EndpointSpec | undefined): string {
  const parts = [
    spec?.includes.length ? `documented: ${spec.includes.join(",")}` : "",
    spec?.defaultInclude ? `default ${spec.defaultInclude.join(",")}; no_default for none` : "",
  ].filter(Boolean);
  return `related resources, comma list${parts.length ? ` (${parts.join("; ")})` : ""}`;
}

/** `--types share=double,later=int64`: column types fixed up front, for Parquet and Arrow. */
function parseColumnTypes(text: string, previous: Record<string, ColumnType> = {}): Record<string, ColumnType> {
  // a null-prototype object: a column named `__proto__` or `constructor` is a key like any other
  const types: Record<string, ColumnType> = Object.assign(Object.create(null) as Record<string, ColumnType>, previous);
  for (const pair of text.split(",").filter((part) => part.trim())) {
    const [name, type] = pair.split("=").map((part) => part.trim());
    if (!name || !(COLUMN_TYPES as readonly string[]).includes(type))
      throw new InvalidArgumentError(`each entry is column=type, the type one of ${COLUMN_TYPES.join(", ")}; got ${JSON.stringify(pair)}`);
    types[name] = type as ColumnType;
  }
  return types;
}

function parseColumnList(text: string): string[] {
  return text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

/** Where and how the rows go. */
export function addOutputOptions(command: Command): Command {
  command.addOption(
    new Option(
      "-o, --out <file>",
      "write to a file; the format from its extension (.csv .xlsx .json .ndjson .parquet .arrow), - for stdout",
    ).helpGroup("Output:"),
  );
  command.addOption(
    new Option("--format <format>", "default: table on a terminal, csv when piped")
      .choices(["csv", "xlsx", "json", "ndjson", "parquet", "arrow", "table"])
      .helpGroup("Output:"),
  );
  command.addOption(
    new Option("--types <column=type,...>", `Parquet, Arrow: column types fixed up front (${COLUMN_TYPES.join(" ")}), repeatable`)
      .argParser(parseColumnTypes)
      .helpGroup("Output:"),
  );
  command.addOption(
    new Option("--partition-by <columns>", "Parquet: a Hive-style folder with one subfolder per value (--out names the folder), comma list")
      .argParser(parseColumnList)
      .helpGroup("Output:"),
  );
  command.addOption(
    new Option(
      "--resume",
      "Parquet, Arrow: keep a failed or interrupted export's pages beside --out, and continue it from the next page when run again with --resume",
    ).helpGroup("Output:"),
  );
  command.addOption(new Option("--bom", "CSV: start with a UTF-8 byte-order mark, for Excel on Windows").helpGroup("Output:"));
  command.addOption(
    new Option("--no-escape-formulas", "CSV: write text starting with = + - @ as it is (by default it gets a leading ')").helpGroup(
      "Output:",
    ),
  );
  return command;
}
