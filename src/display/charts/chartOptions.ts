import type { Config } from "vega-lite";
import { frameToRecords, type FrameLike } from "../frameLike";
import { ValidationError } from "../../errors";

/** Options every chart takes. */
export interface ChartOptions {
  /** the chart's title, above it, left-aligned */
  readonly title?: string;
  /** a smaller grey line under the title: the data's source, its audience */
  readonly subtitle?: string;
  /** plot width in pixels (default 480; a vertical bar chart: 28 pixels a bar, 14 a grouped bar) */
  readonly width?: number;
  /** plot height in pixels (default 300; a horizontal bar chart: 20 pixels a bar, 12 a grouped bar) */
  readonly height?: number;
  /** the x axis's title (default: the field's name; a bar chart's category axis: none) */
  readonly xTitle?: string;
  /** the y axis's title (default: the field's name; a bar chart's category axis: none) */
  readonly yTitle?: string;
}

export const DEFAULT_WIDTH = 480;
export const DEFAULT_HEIGHT = 300;

const FONT = "Helvetica, Arial, 'DejaVu Sans', sans-serif";

/** One look for every chart: readable axis text, quiet grid, room for long brand names. */
export const CHART_CONFIG: Config = {
  font: FONT,
  background: "white",
  padding: 8,
  view: { stroke: null },
  title: { fontSize: 14, subtitleFontSize: 11, subtitleColor: "#555", anchor: "start", offset: 10 },
  axis: {
    labelFontSize: 11,
    titleFontSize: 12,
    titleFontWeight: "normal",
    titleColor: "#333",
    labelColor: "#333",
    gridColor: "#e6e6e6",
    domainColor: "#888",
    tickColor: "#888",
  },
  axisBand: { labelLimit: 220 },
  legend: { labelFontSize: 11, titleFontSize: 11, labelLimit: 260 },
  range: { category: ["#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2", "#eeca3b", "#9d755d", "#ff9da6", "#bab0ac"] },
};

/** What vega and vega-lite read in a field's name as a path into nested data (`a.b`, `a[0]`, `a['b']`, `\\`), or cannot parse in an expression (U+2028, U+2029). */
const PATH_SYNTAX = /[.[\]\\'"\u2028\u2029]/;

/** FNV-1a of a text, as 8 hex digits: a short, stable tag. */
function tagOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * A field's key in a chart's data: its name, or, when the name holds what vega reads as a path
 * (PATH_SYNTAX), the name with those characters as `_` and a tag of the whole name (`brand_name~1a2b3c4d`
 * for `brand.name`), so the field is read as one. The axes, legends and tooltips show the name.
 */
export const fieldRef = (name: string): string =>
  PATH_SYNTAX.test(name) ? `${name.replace(new RegExp(PATH_SYNTAX.source, "g"), "_")}~${tagOf(name)}` : name;

/** An axis, legend or tooltip title as vega takes it: U+2028 and U+2029 as spaces (its expressions, which quote titles, cannot hold them). */
export function encodingTitle<T extends string | null | undefined>(text: T): T {
  return (typeof text === "string" ? text.replace(/[\u2028\u2029]/g, " ") : text) as T;
}

/** The fields a chart's options name, by option: one field, or a list (a tooltip's). */
export type NamedFields = Readonly<Record<string, string | readonly string[] | undefined>>;

const fieldList = (fields: NamedFields[string]): readonly string[] =>
  fields === undefined ? [] : typeof fields === "string" ? [fields] : fields;

/**
 * The chart's rows as plain records holding only the fields it plots (NaN becomes null). Each
 * field an option names (`plotted`, and `checked`: fields read but not plotted) must be in the
 * data: else a ValidationError naming the option.
 */
export function chartValues(data: FrameLike, plotted: NamedFields, checked: NamedFields = {}): Record<string, unknown>[] {
  const used = [...new Set(Object.values(plotted).flatMap(fieldList))];
  const records = frameToRecords(data);
  if (records.length > 0)
    for (const [option, fields] of Object.entries({ ...plotted, ...checked })) {
      const missing = fieldList(fields).filter((field) => !records.some((record) => Object.hasOwn(record, field)));
      if (missing.length > 0)
        throw new ValidationError(
          option,
          `no field ${missing.map((field) => JSON.stringify(field)).join(", ")} in the chart data; fields: ${Object.keys(records[0]).join(", ")}`,
        );
    }
  return records.map((record) =>
    Object.fromEntries(
      used.map((field) => {
        const value = record[field];
        return [fieldRef(field), typeof value === "number" && Number.isNaN(value) ? null : (value ?? null)];
      }),
    ),
  );
}

export function titleOf(options: ChartOptions): { text: string; subtitle?: string } | undefined {
  if (!options.title) return undefined;
  return options.subtitle ? { text: options.title, subtitle: options.subtitle } : { text: options.title };
}
