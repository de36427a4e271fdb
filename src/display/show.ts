import type { FrameLike } from "./frameLike";
import { frameToText } from "./frameToText";
import { notebookDisplay, type MimeBundle } from "./notebookDisplay";
import { styledTable, type StyledTableOptions } from "./styledTable";

export type ShowOptions = StyledTableOptions;

/** A frame's notebook output: the HTML table (with `heat` colour scales if asked), the text table as the plain form. */
export function tableBundle(frame: FrameLike, options: ShowOptions = {}): MimeBundle {
  return { "text/html": styledTable(frame, options), "text/plain": frameToText(frame, options) };
}

/**
 * Shows a frame: an HTML table in a notebook (tslab's or Deno's kernel), a text table fitted to the
 * terminal's width anywhere else.
 */
export function show(frame: FrameLike, options: ShowOptions = {}): void {
  const display = notebookDisplay();
  if (display) {
    display.show(tableBundle(frame, options));
    return;
  }
  if (options.caption) console.log(options.caption);
  console.log(frameToText(frame, options));
}

/** Shows HTML in a notebook; elsewhere prints it as it is. */
export function showHtml(html: string): void {
  const display = notebookDisplay();
  if (display) display.show({ "text/html": html });
  else console.log(html);
}
