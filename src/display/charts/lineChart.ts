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

export interface LineChartOptions extends ChartOptions {
  /** field along the horizontal axis (a year, a date, a number) */
  readonly x: string;
  /** field giving each point's height (a number) */
  readonly y: string;
  /** field giving one line per value (brand, audience, ...) */
  readonly series?: string;
  /** how x is read (default "ordinal": years as labels, evenly spaced) */
  readonly xType?: "ordinal" | "quantitative" | "temporal";
  /** a dot on each value (default true) */
  readonly points?: boolean;
  /** start the y axis at zero (default false) */
  readonly zero?: boolean;
  /** d3-format for y values (default: vega's own) */
  readonly format?: string;
}

/** A line chart as a vega-lite spec: one line per `series` value, e.g. a metric over the years. */
export function lineChart(data: FrameLike, options: LineChartOptions): TopLevelSpec {
  checkDisplayOptions("lineChart", options);
  const { x, y, series } = options;
  const xType = options.xType ?? "ordinal";
  const title = titleOf(options);
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    ...(title ? { title } : {}),
    width: options.width ?? DEFAULT_WIDTH,
    height: options.height ?? DEFAULT_HEIGHT,
    data: { values: chartValues(data, { x, y, series }) },
    mark: { type: "line", point: options.points ?? true, strokeWidth: 2 },
    encoding: {
      x: {
        field: fieldRef(x),
        type: xType,
        title: encodingTitle(options.xTitle ?? x),
        ...(xType === "ordinal" ? { axis: { labelAngle: 0 } } : {}),
      },
      y: {
        field: fieldRef(y),
        type: "quantitative",
        title: encodingTitle(options.yTitle ?? y),
        scale: { zero: options.zero ?? false },
        ...(options.format ? { axis: { format: options.format } } : {}),
      },
      ...(series ? { color: { field: fieldRef(series), type: "nominal", title: null } } : {}),
      tooltip: [
        { field: fieldRef(x), title: encodingTitle(x) },
        ...(series ? [{ field: fieldRef(series), title: encodingTitle(series) }] : []),
        { field: fieldRef(y), title: encodingTitle(y) },
      ],
    },
    config: CHART_CONFIG,
  };
}
