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

/**
 * A field's name as a chart's encoding takes it: vega-lite reads `.` and `[ ]` as a path into
 * nested data (`brand.name` as `brand` → `name`), so they are escaped, and a backslash with them.
 */
export const fieldRef = (name: string): string => name.replace(/[\\.[\]]/g, "\\$&");

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
        return [field, typeof value === "number" && Number.isNaN(value) ? null : (value ?? null)];
      }),
    ),
  );
}

export function titleOf(options: ChartOptions): { text: string; subtitle?: string } | undefined {
  if (!options.title) return undefined;
  return options.subtitle ? { text: options.title, subtitle: options.subtitle } : { text: options.title };
}
