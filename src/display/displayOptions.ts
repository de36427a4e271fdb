import { z } from "zod";
import { ValidationError } from "../errors";
import { checkOptionValues, rule, type OptionRule } from "../params/optionRules";
import { describeValue } from "../text/describeValue";
import { notAllowedName } from "../text/closestName";

/**
 * The options of `show`, `styledTable` and the charts, checked before anything is drawn: a name
 * the function does not take, a value it cannot draw with, or a field a chart needs left out is a
 * ValidationError naming the option and what it allows.
 */

const text = rule(z.string(), "a text");
const field = rule(z.string().min(1), "a field (column) name");
const flag = rule(z.boolean(), "true or false");
const pixels = rule(z.number().positive().finite(), "a number of pixels above 0");
const fieldList = rule(z.array(z.string().min(1)), "a list of field (column) names");
/** d3-format's specifier ([[fill]align][sign][symbol][0][width][,][.precision][~][type]), as d3's own formatSpecifier reads it */
const D3_FORMAT = /^(?:(.)?([<>=^]))?([+\-( ])?([$#])?(0)?(\d+)?(,)?(\.\d+)?(~)?([a-z%])?$/i;
const format = rule(z.string().regex(D3_FORMAT), 'a d3-format text, e.g. ".1f", ",.0f" or ".0%"');

const TABLE: Record<string, OptionRule> = {
  rows: rule(z.union([z.number().int().min(0), z.literal(Infinity)]), "a whole number of rows, 0 or more (Infinity for all)"),
  columns: rule(z.array(z.string()), "a list of column names"),
  caption: text,
  index: flag,
  styles: rule(
    z.object({ table: z.string().optional(), header: z.string().optional(), cell: z.function().optional() }).strict(),
    "an object of table (CSS text), header (CSS text) and cell (a function of the cell giving CSS text)",
  ),
  digits: rule(z.number().int().min(0).max(20), "a whole number of decimals from 0 to 20"),
  missing: text,
  heat: rule(
    z.union([z.array(z.string()), z.record(z.string(), z.enum(["sequential", "diverging"]))]),
    'a list of column names, or an object of column name → "sequential" or "diverging"',
  ),
};

/** show's: outside a notebook it writes the text table, whose widths it takes too */
const SHOW: Record<string, OptionRule> = {
  ...TABLE,
  maxWidth: rule(z.number().int().min(1), "a whole number of characters, 1 or more"),
  width: rule(z.number().int().min(1), "a whole number of characters, 1 or more"),
};

const CHART: Record<string, OptionRule> = { title: text, subtitle: text, width: pixels, height: pixels, xTitle: text, yTitle: text };

const BAR: Record<string, OptionRule> = {
  ...CHART,
  category: field,
  value: field,
  color: field,
  sort: rule(z.enum(["descending", "ascending", "none"]), '"descending", "ascending" or "none"'),
  horizontal: flag,
  labels: flag,
  format,
  detail: field,
};

const LINE: Record<string, OptionRule> = {
  ...CHART,
  x: field,
  y: field,
  series: field,
  xType: rule(z.enum(["ordinal", "quantitative", "temporal"]), '"ordinal", "quantitative" or "temporal"'),
  points: flag,
  zero: flag,
  format,
};

const SCATTER: Record<string, OptionRule> = {
  ...CHART,
  x: field,
  y: field,
  label: field,
  color: field,
  tooltip: fieldList,
  zero: flag,
  format,
};

const SHOW_CHART: Record<string, OptionRule> = {
  saveTo: rule(z.string().min(1), "a file path for the SVG (folders are created)"),
};

const DISPLAYS = {
  show: { rules: SHOW, required: [] },
  showChart: { rules: SHOW_CHART, required: [] },
  styledTable: { rules: TABLE, required: [] },
  barChart: { rules: BAR, required: ["category", "value"] },
  lineChart: { rules: LINE, required: ["x", "y"] },
  scatterChart: { rules: SCATTER, required: ["x", "y"] },
} as const satisfies Record<string, { rules: Record<string, OptionRule>; required: readonly string[] }>;

/** `options` of the display function `owner` checked: its names, its values and the fields it needs. */
export function checkDisplayOptions<T>(owner: keyof typeof DISPLAYS, options: T): T {
  const { rules, required } = DISPLAYS[owner];
  const names = Object.keys(rules);
  if (options === undefined && required.length === 0) return options;
  if (typeof options !== "object" || options === null || Array.isArray(options))
    throw new ValidationError(
      "options",
      `${owner} takes an object of options${required.length ? ` with ${required.join(" and ")}` : ""}, got ${describeValue(options)}`,
    );
  checkOptionValues(options, rules, (name) => notAllowedName(name, `an option of ${owner}`, names));
  for (const name of required)
    if ((options as Record<string, unknown>)[name] === undefined)
      throw new ValidationError(name, `${owner} needs it: ${rules[name].allowed}`);
  return options;
}
