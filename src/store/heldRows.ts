import type { PageChunk, RowShape } from "../table/types";
import { isMissingCell } from "../table/columnType";
import type { HeldPull, StagedCounts } from "../sync/types";
import type { ColumnType } from "../table/columnType";
import { chunkColumnTypes } from "./storedTypes";
import { fitColumnTypes } from "./stagedRows";
import type { ChunkRows } from "./textWidening";
import { chunkColumn } from "../table/pageChunk";

/**
 * A pull of a few studies held in memory as its pages' column chunks until it is checked whole,
 * then written one study a transaction (tableWrites.writeHeld): a new study goes straight into its
 * table, written once. Its column types are the staging table's (each page typed by the table
 * model, widened page by page).
 */
export class HeldRows implements HeldPull {
  readonly chunks: PageChunk[] = [];
  readonly types = new Map<string, ColumnType>();

  stage(chunk: PageChunk, declaredTypes?: RowShape["declaredTypes"]): Promise<void> {
    const first = this.types.size === 0;
    fitColumnTypes(this.types, chunk.names, chunkColumnTypes(chunk, declaredTypes));
    if (first && !this.types.has("id")) this.types.set("id", "int64");
    if (chunk.rowCount > 0) this.chunks.push(compacted(chunk));
    return Promise.resolve();
  }

  staged(): Promise<StagedCounts> {
    let rows = 0;
    let missingIds = 0;
    const ids = new Set<unknown>();
    for (const chunk of this.chunks) {
      rows += chunk.rowCount;
      const cells = chunkColumn(chunk, "id");
      for (let row = 0; row < chunk.rowCount; row++) {
        const id = cells[row];
        if (isMissingCell(id)) missingIds++;
        else ids.add(typeof id === "string" && Number.isFinite(Number(id)) ? Number(id) : id);
      }
    }
    return Promise.resolve({ rows, ids: ids.size, missingIds });
  }

  /** The rows whose `column` holds `value` (one study's), chunk by chunk. */
  rowsOf(column: string, value: number): ChunkRows[] {
    const parts: ChunkRows[] = [];
    for (const chunk of this.chunks) {
      const cells = chunkColumn(chunk, column);
      const rows: number[] = [];
      for (let row = 0; row < chunk.rowCount; row++) if (!isMissingCell(cells[row]) && Number(cells[row]) === value) rows.push(row);
      if (rows.length === chunk.rowCount) parts.push({ chunk });
      else if (rows.length > 0) parts.push({ chunk, rows: Int32Array.from(rows) });
    }
    return parts;
  }
}

/**
 * The chunk holding its own numbers: a column decoded by a worker is a view into the buffer of its
 * whole page (and more), which holding the chunk for a group's commits would keep whole.
 */
function compacted(chunk: PageChunk): PageChunk {
  if (!chunk.columns.some((cells) => cells instanceof Float64Array && cells.buffer.byteLength > cells.byteLength)) return chunk;
  return { ...chunk, columns: chunk.columns.map((cells) => (cells instanceof Float64Array ? cells.slice() : cells)) };
}
