import type { FrameLike } from "./frameLike";
import { frameToText } from "./frameToText";
import { notebookDisplay } from "./notebookDisplay";
import { styledTable, type StyledTableOptions } from "./styledTable";

export type ShowOptions = StyledTableOptions;

/**
 * Shows a frame: an HTML table in a tslab notebook (with `heat` colour scales if asked, and the
 * text table as the plain form), a text table fitted to the terminal's width anywhere else.
 */
export function show(frame: FrameLike, options: ShowOptions = {}): void {
  const display = notebookDisplay();
  if (display) {
    display.show({ "text/html": styledTable(frame, options), "text/plain": frameToText(frame, options) });
    return;
  }
  if (options.caption) console.log(options.caption);
  console.log(frameToText(frame, options));
}

/** Shows HTML in a tslab notebook; elsewhere prints it as it is. */
export function showHtml(html: string): void {
  const display = notebookDisplay();
  if (display) display.show({ "text/html": html });
  else console.log(html);
}
