import { ValidationError } from "../errors";
import type { CellFormat } from "./formatCell";
import { headTable, selectColumns, type FrameLike } from "./frameLike";
import { MAX_COLUMN_WIDTH, terminalWidth, textTable } from "./textTable";
import { counted } from "../text/counted";
import { foldedToWidth } from "../text/terminalText";

export interface FrameTextOptions extends CellFormat {
  /** most rows shown, from the top (default 20) */
  readonly rows?: number;
  readonly columns?: readonly string[];
  /** widest a column (and the row labels) may be, in terminal columns, before it is cut with "…" (default 30) */
  readonly maxWidth?: number;
  /** terminal columns a line may take (a CJK character or an emoji takes two; default: the terminal's width, 100 off a terminal); columns that do not fit are left out and counted */
  readonly width?: number;
  /** show the row labels as a first column (default true): the frame's index when it is not 0, 1, 2, …, else the positions */
  readonly index?: boolean;
}

/** A frame as a plain aligned text table, for a terminal or a log: the outside-a-notebook form of `show`. */
export function frameToText(frame: FrameLike, options: FrameTextOptions = {}): string {
  const limit = options.rows ?? 20;
  if (!(limit >= 0)) throw new ValidationError("rows", `a number of rows, 0 or more, got ${limit}`);
  const table = selectColumns(headTable(frame, limit), options.columns);
  const shown = { columns: table.columns, rows: table.rows, index: table.index };
  const width = options.width ?? terminalWidth();
  const { lines, shownColumns } = textTable(shown, {
    ...options,
    width,
    maxColumnWidth: options.maxWidth ?? MAX_COLUMN_WIDTH,
    index: options.index ?? true,
  });
  const hiddenRows = table.rowCount - shown.rows.length;
  const hiddenColumns = table.columns.length - shownColumns;
  const notes = [
    ...(hiddenRows > 0 ? [`first ${counted(shown.rows.length, "row")} shown`] : []),
    ...(hiddenColumns > 0 ? [`${counted(hiddenColumns, "column")} hidden (choose them with { columns: [...] })`] : []),
  ];
  lines.push(
    foldedToWidth(
      `[${counted(table.rowCount, "row")} × ${counted(table.columns.length, "column")}${notes.length ? `; ${notes.join(", ")}` : ""}]`,
      width,
    ),
  );
  return lines.join("\n");
}
