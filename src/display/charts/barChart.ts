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
import { distinctCategories } from "./distinctCategories";

export interface BarChartOptions extends ChartOptions {
  /** field naming each bar (brand, country, ...) */
  readonly category: string;
  /** field giving each bar's length */
  readonly value: string;
  /** field splitting each category into grouped, coloured bars (e.g. a metric or a year) */
  readonly color?: string;
  /** bar order by value (default "descending"); "none" keeps the data order */
  readonly sort?: "descending" | "ascending" | "none";
  /** bars run left to right with names on the left (default true: long names stay readable) */
  readonly horizontal?: boolean;
  /** the value written at the end of each bar (default true without `color`) */
  readonly labels?: boolean;
  /** d3-format for the bar labels and tooltips (default ".1f"); the axis keeps its own ticks */
  readonly format?: string;
  /**
   * field added to the name of a category that repeats, so each row keeps its own bar ("Ryanair ·
   * Airlines"); default: the first column that tells the repeated rows apart (category_name,
   * audience_name, study_name, …), else a number ("Ryanair #2")
   */
  readonly detail?: string;
}

/**
 * A bar chart as a vega-lite spec: render it with `renderSvg` or show it with `showChart`. One bar
 * per row, never a sum: a category that repeats is drawn once per row, labelled apart (`detail`);
 * to chart a total or a mean, aggregate first (danfo's groupBy, or SQL in a store).
 */
export function barChart(data: FrameLike, options: BarChartOptions): TopLevelSpec {
  checkDisplayOptions("barChart", options);
  const { category, value, color } = options;
  const horizontal = options.horizontal ?? true;
  const format = options.format ?? ".1f";
  const order = options.sort ?? "descending";
  const sort = order === "none" ? null : { field: fieldRef(value), op: "sum" as const, order };
  const band = horizontal ? "y" : "x";
  const length = horizontal ? "x" : "y";
  const categoryTitle = horizontal ? options.yTitle : options.xTitle;
  const valueTitle = horizontal ? options.xTitle : options.yTitle;

  const encoding = {
    [band]: {
      field: fieldRef(category),
      type: "nominal" as const,
      sort,
      title: encodingTitle(categoryTitle ?? null),
      axis: horizontal ? {} : { labelAngle: -40 },
    },
    [length]: { field: fieldRef(value), type: "quantitative" as const, title: encodingTitle(valueTitle ?? value) },
    ...(color
      ? {
          color: { field: fieldRef(color), type: "nominal" as const, title: encodingTitle(color) },
          [horizontal ? "yOffset" : "xOffset"]: { field: fieldRef(color), type: "nominal" as const },
        }
      : {}),
    tooltip: [
      { field: fieldRef(category), title: encodingTitle(category) },
      ...(color ? [{ field: fieldRef(color), title: encodingTitle(color) }] : []),
      { field: fieldRef(value), title: encodingTitle(value), format },
    ],
  };
  const size = horizontal
    ? { width: options.width ?? DEFAULT_WIDTH, height: options.height ?? { step: color ? 12 : 20 } }
    : { width: options.width ?? { step: color ? 14 : 28 }, height: options.height ?? DEFAULT_HEIGHT };
  const labels = options.labels ?? !color;
  const title = titleOf(options);

  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    ...(title ? { title } : {}),
    ...size,
    data: {
      values: chartValues(
        distinctCategories(data, category, { detail: options.detail, groupBy: color }),
        { category, value, color },
        { detail: options.detail },
      ),
    },
    encoding,
    layer: [
      { mark: { type: "bar", color: color ? undefined : "#4c78a8" } },
      ...(labels
        ? [
            {
              mark: horizontal
                ? { type: "text" as const, align: "left" as const, baseline: "middle" as const, dx: 3, fontSize: 10, color: "#333" }
                : { type: "text" as const, align: "center" as const, baseline: "bottom" as const, dy: -2, fontSize: 10, color: "#333" },
              encoding: { text: { field: fieldRef(value), type: "quantitative" as const, format } },
            },
          ]
        : []),
    ],
    config: CHART_CONFIG,
  };
}
