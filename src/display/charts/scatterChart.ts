import type { TopLevelSpec } from "vega-lite";
import type { FrameLike } from "../frameLike";
import { checkDisplayOptions } from "../displayOptions";
import {
  CHART_CONFIG,
  DEFAULT_HEIGHT,
  DEFAULT_WIDTH,
  chartValues,
  titleOf,
  type ChartOptions,
  fieldRef,
  encodingTitle,
} from "./chartOptions";
import { niceDomain } from "./niceDomain";
import { placeLabels } from "./placeLabels";

export interface ScatterChartOptions extends ChartOptions {
  /** field giving each point's horizontal position (a number) */
  readonly x: string;
  /** field giving each point's vertical position (a number) */
  readonly y: string;
  /**
   * field written beside each point; rows where it is empty get no text, so label a few points.
   * Labels are placed so they do not overlap; one with no free spot left is not drawn.
   */
  readonly label?: string;
  /** field colouring the points by its value, with a legend (default: labelled points dark, the rest light) */
  readonly color?: string;
  /** extra fields in the tooltip (interactive viewers only) */
  readonly tooltip?: readonly string[];
  /** start the axes at zero (default false: fit the data) */
  readonly zero?: boolean;
  /** d3-format for axis values (default: vega's own) */
  readonly format?: string;
}

const LABEL_FONT_SIZE = 10;
const LABELLED = "isValid(datum._align)";

function numeric(value: unknown): number {
  return typeof value === "number" ? value : Number.NaN;
}

/** A scatter chart as a vega-lite spec, optionally with labelled points. */
export function scatterChart(data: FrameLike, options: ScatterChartOptions): TopLevelSpec {
  checkDisplayOptions("scatterChart", options);
  const { x, y, label, color } = options;
  const width = options.width ?? DEFAULT_WIDTH;
  const height = options.height ?? DEFAULT_HEIGHT;
  const axis = options.format ? { format: options.format } : {};
  const title = titleOf(options);
  const tooltipFields = [...new Set([label, x, y, color, ...(options.tooltip ?? [])].filter((field): field is string => Boolean(field)))];
  const values = chartValues(data, { label, x, y, color, tooltip: options.tooltip });
  const [xKey, yKey, labelKey] = [fieldRef(x), fieldRef(y), fieldRef(label ?? "")];

  // Explicit domains: the pixel position of every point is known here, so labels can be placed.
  const xDomain = niceDomain(
    values.map((row) => numeric(row[xKey])),
    { zero: options.zero },
  );
  const yDomain = niceDomain(
    values.map((row) => numeric(row[yKey])),
    { zero: options.zero },
  );
  if (label) {
    const toPixel = (value: number, [low, high]: [number, number], span: number) => ((value - low) / (high - low)) * span;
    const placements = placeLabels(
      values.map((row) => ({
        x: toPixel(numeric(row[xKey]), xDomain, width),
        y: height - toPixel(numeric(row[yKey]), yDomain, height),
        // No label without a point: rows missing x or y are not drawn.
        label:
          row[labelKey] === null || row[labelKey] === "" || !Number.isFinite(numeric(row[xKey])) || !Number.isFinite(numeric(row[yKey]))
            ? undefined
            : String(row[labelKey]),
      })),
      { width, height },
      LABEL_FONT_SIZE,
    );
    const xPerPixel = (xDomain[1] - xDomain[0]) / width;
    const yPerPixel = (yDomain[1] - yDomain[0]) / height;
    placements.forEach((placement, index) => {
      if (!placement) return;
      const row = values[index];
      Object.assign(row, { _dx: placement.dx, _dy: placement.dy, _align: placement.align, _baseline: placement.baseline });
      // A leader line's far end in data units (pixels down are values down).
      if (placement.leader)
        Object.assign(row, { _lx: numeric(row[xKey]) + placement.dx * xPerPixel, _ly: numeric(row[yKey]) - placement.dy * yPerPixel });
    });
  }

  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    ...(title ? { title } : {}),
    width,
    height,
    data: { values },
    encoding: {
      x: {
        field: fieldRef(x),
        type: "quantitative",
        title: encodingTitle(options.xTitle ?? x),
        scale: { domain: xDomain, nice: false, zero: false },
        axis,
      },
      y: {
        field: fieldRef(y),
        type: "quantitative",
        title: encodingTitle(options.yTitle ?? y),
        scale: { domain: yDomain, nice: false, zero: false },
        axis,
      },
    },
    layer: [
      {
        mark: { type: "point", filled: true, size: 45 },
        encoding: {
          // Labelled points stand out, so a reader can tell which point a label names.
          color: color
            ? { field: fieldRef(color), type: "nominal" as const, title: encodingTitle(color) }
            : { condition: { test: LABELLED, value: "#1f4e79" }, value: "#7ea6cf" },
          opacity: { condition: { test: LABELLED, value: 1 }, value: label ? 0.55 : 0.75 },
          tooltip: tooltipFields.map((field) => ({ field: fieldRef(field), title: encodingTitle(field) })),
        },
      },
      ...(label
        ? [
            {
              transform: [{ filter: "isValid(datum._lx)" }],
              mark: { type: "rule" as const, color: "#888", strokeWidth: 0.75 },
              encoding: { x2: { field: "_lx" }, y2: { field: "_ly" } },
            },
            {
              transform: [{ filter: "isValid(datum._align)" }],
              mark: {
                type: "text" as const,
                fontSize: LABEL_FONT_SIZE,
                color: "#222",
                dx: { expr: "datum._dx" },
                dy: { expr: "datum._dy" },
                align: { expr: "datum._align" },
                baseline: { expr: "datum._baseline" },
              },
              encoding: { text: { field: fieldRef(label) } },
            },
          ]
        : []),
    ],
    config: CHART_CONFIG,
  };
}
