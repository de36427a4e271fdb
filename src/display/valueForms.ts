import type { DataFrame } from "danfojs-node";
import { giveNotebookMethod } from "../frame/danfo";
import { escapeHtml } from "./escapeHtml";
import type { MimeBundle } from "./notebookDisplay";
import { tableBundle } from "./show";

/**
 * Gives a result object its notebook form: a non-enumerable method, so the object spreads,
 * compares and serialises as before; a kernel without the convention (tslab) prints it as text.
 */
export function withNotebookForm<T extends object>(value: T, form: (value: T) => MimeBundle): T {
  giveNotebookMethod(value, form);
  return value;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** name → value rows as a two-column HTML table and aligned text. */
function fieldsBundle(caption: string, fields: readonly (readonly [string, unknown])[]): MimeBundle {
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
export function toolResultForm(result: { readonly frame: DataFrame; readonly meta: Record<string, unknown> }): MimeBundle {
  const meta = fieldsBundle("meta", Object.entries(result.meta));
  const table = tableBundle(result.frame);
  return {
    "text/html": `${Object.keys(result.meta).length ? meta["text/html"] : ""}${table["text/html"]}`,
    "text/plain": `${Object.keys(result.meta).length ? `${meta["text/plain"]}\n\n` : ""}${table["text/plain"]}`,
  };
}

/** A sync report: one row per field. */
export function syncReportForm(report: object): MimeBundle {
  return fieldsBundle(
    "sync report",
    Object.entries(report).filter(([, value]) => !(Array.isArray(value) && value.length === 0)),
  );
}
