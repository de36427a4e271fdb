import { inspect, type InspectOptions } from "node:util";
import type { DataFrame } from "danfojs-node";
import { giveNotebookMethod } from "../frame/danfo";
import { escapeHtml } from "./escapeHtml";
import { notebookDisplay, type TextBundle } from "./notebookDisplay";
import { tableBundle } from "./show";

/**
 * Gives a result object its notebook form, both ways a kernel shows a cell's last value: Deno's
 * `Symbol.for("Jupyter.display")` method, and for tslab, which prints that value with
 * console.log, Node's inspect hook. Under tslab, inspected whole (not nested in another value),
 * the hook sends the same bundle to the cell and leaves the printed text empty; anywhere else it
 * gives the bundle's text form. Both non-enumerable, so the object spreads, compares and
 * serialises as before.
 */
export function withNotebookForm<T extends object>(value: T, form: (value: T) => TextBundle): T {
  giveNotebookMethod(value, form);
  Object.defineProperty(value, inspect.custom, {
    configurable: true,
    enumerable: false,
    value(this: T, depth: number, options: InspectOptions) {
      const bundle = form(this);
      const display = notebookDisplay();
      if (display?.kernel === "tslab" && depth === (options.depth ?? 2)) {
        // marked, so a check comparing kernels can tell it from a show() (Deno sends it as execute_result)
        void display.show(bundle, { fountframe: { lastValue: true } });
        return "";
      }
      return bundle["text/plain"] ?? "";
    },
  });
  return value;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** name → value rows as a two-column HTML table and aligned text. */
function fieldsBundle(caption: string, fields: readonly (readonly [string, unknown])[]): TextBundle {
  const rows = fields.map(
    ([name, value]) => `<tr><th style="text-align:left">${escapeHtml(name)}</th><td>${escapeHtml(cellText(value))}</td></tr>`,
  );
  const width = Math.max(0, ...fields.map(([name]) => name.length));
  return {
    "text/html": `<table class="fountframe-fields"><caption>${escapeHtml(caption)}</caption>${rows.join("")}</table>`,
    "text/plain": [caption, ...fields.map(([name, value]) => `${name.padEnd(width)}  ${cellText(value)}`)].join("\n"),
  };
}

/** A tool's answer: its metadata, then its rows as `show` draws them. */
export function toolResultForm(result: { readonly frame: DataFrame; readonly meta: Record<string, unknown> }): TextBundle {
  const meta = fieldsBundle("meta", Object.entries(result.meta));
  const table = tableBundle(result.frame);
  return {
    "text/html": `${Object.keys(result.meta).length ? meta["text/html"] : ""}${table["text/html"]}`,
    "text/plain": `${Object.keys(result.meta).length ? `${meta["text/plain"]}\n\n` : ""}${table["text/plain"]}`,
  };
}

/** A sync report: one row per field. */
export function syncReportForm(report: object): TextBundle {
  return fieldsBundle(
    "sync report",
    Object.entries(report).filter(([, value]) => !(Array.isArray(value) && value.length === 0)),
  );
}
