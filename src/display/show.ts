import type { FrameLike } from "./frameLike";
import { frameToText, type FrameTextOptions } from "./frameToText";
import { notebookDisplay, type TextBundle } from "./notebookDisplay";
import { styledTableHtml, type StyledTableOptions } from "./styledTable";
import { checkDisplayOptions } from "./displayOptions";
import { terminalLine } from "../text/terminalText";

/** A notebook's table options, and outside a notebook the text table's widths. */
export type ShowOptions = StyledTableOptions & Pick<FrameTextOptions, "maxWidth" | "width" | "index">;

/** A frame's notebook output: the HTML table (with `heat` colour scales if asked), the text table as the plain form. */
export function tableBundle(frame: FrameLike, options: ShowOptions = {}): TextBundle {
  return { "text/html": styledTableHtml(frame, options), "text/plain": frameToText(frame, options) };
}

/**
 * Shows a frame: an HTML table in a notebook (tslab's or Deno's kernel), a text table fitted to the
 * terminal's width anywhere else. Resolves once the output is written: Deno's kernel takes it
 * asynchronously, so `await show(...)` there keeps a cell's last table in that cell.
 */
export async function show(frame: FrameLike, options: ShowOptions = {}): Promise<void> {
  checkDisplayOptions("show", options);
  const display = notebookDisplay();
  if (display) return display.show(tableBundle(frame, options));
  if (options.caption) console.log(terminalLine(options.caption));
  console.log(frameToText(frame, options));
}

/** Shows HTML in a notebook; elsewhere prints it as it is. */
export function showHtml(html: string): Promise<void> {
  const display = notebookDisplay();
  if (display) return display.show({ "text/html": html });
  console.log(html);
  return Promise.resolve();
}
