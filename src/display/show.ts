import type { FrameLike } from "./frameLike";
import { frameToText } from "./frameToText";
import { notebookDisplay } from "./notebookDisplay";
import { styledTable, type StyledTableOptions } from "./styledTable";

export type ShowOptions = StyledTableOptions;

/**
 * Shows a frame: an HTML table in a tslab notebook (with `heat` colour scales if asked), an
 * aligned text table on stdout anywhere else.
 */
export function show(frame: FrameLike, options: ShowOptions = {}): void {
  const display = notebookDisplay();
  if (display) {
    display.html(styledTable(frame, options));
    return;
  }
  if (options.caption) console.log(options.caption);
  console.log(frameToText(frame, options));
}

/** Shows HTML in a tslab notebook; elsewhere prints it as it is. */
export function showHtml(html: string): void {
  const display = notebookDisplay();
  if (display) display.html(html);
  else console.log(html);
}
