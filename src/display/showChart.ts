import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { TopLevelSpec } from "vega-lite";
import { notebookDisplay } from "./notebookDisplay";
import { renderSvg } from "./renderSvg";
import { checkDisplayOptions } from "./displayOptions";
import { terminalLine } from "../text/terminalText";

export interface ShowChartOptions {
  /** also write the SVG to this file (folders created), e.g. for a report or a README */
  readonly saveTo?: string;
}

/** The MIME type of a Vega-Lite 5 spec: JupyterLab and VS Code draw it live (tooltips, zoom). */
export const VEGA_LITE_MIME = "application/vnd.vegalite.v5+json";

/**
 * Renders a chart and shows it inline in a notebook (tslab or Deno); elsewhere prints one line about it.
 * Resolves to nothing, so a notebook cell ending in `await showChart(...)` prints no SVG text.
 * The notebook output is one bundle in four forms (docs/charts.md): the Vega-Lite spec, which
 * JupyterLab and VS Code render interactive; the SVG as an image and inline in HTML, which
 * nbconvert, GitHub and other static viewers show (exporters that strip an image/svg+xml output to
 * bare text, nbconvert 6.5's HTML, render the HTML form); and a line of text.
 */
export async function showChart(spec: TopLevelSpec, options: ShowChartOptions = {}): Promise<void> {
  checkDisplayOptions("showChart", options);
  const svg = await renderSvg(spec);
  if (options.saveTo) {
    await mkdir(dirname(options.saveTo), { recursive: true });
    await writeFile(options.saveTo, svg, "utf8");
  }
  const title = typeof spec.title === "string" ? spec.title : (spec.title as { text?: unknown } | undefined)?.text;
  const display = notebookDisplay();
  if (display) {
    const text = `[chart${title ? ` "${String(title)}"` : ""}]`;
    await display.show({
      [VEGA_LITE_MIME]: spec,
      "image/svg+xml": svg,
      "text/html": `<div class="fountframe-chart">${svg}</div>`,
      "text/plain": text,
    });
    return;
  }
  const saved = options.saveTo ? `, saved to ${options.saveTo}` : "";
  console.log(terminalLine(`[chart${title ? ` "${String(title)}"` : ""}: ${svg.length} characters of SVG${saved}]`));
}
