import type { PageChunk, RowShape } from "../table/types";
import { idValue, isMissingCell } from "../table/columnType";
import type { HeldPull, StagedCounts } from "../sync/types";
import type { ColumnType } from "../table/columnType";
import { chunkColumnTypes } from "./storedTypes";
import { addDocumentedBooleans } from "./storedFlags";
import { fitColumnTypes, PullOrder } from "./stagedRows";
import type { ChunkRows } from "./textWidening";
import { chunkColumn } from "../table/pageChunk";

/**
 * A pull of a few studies held in memory as its pages' column chunks until it is checked whole,
 * then written in one transaction (tableWrites.writeHeld): a new study goes straight into its
 * table, written once. Its column types are the staging table's (each page typed by the table
 * model, widened page by page), in the order the pull first brought the columns (PullOrder: a
 * frame's order, a column null on the first pages included), the order a table it creates takes.
 */
export class HeldRows implements HeldPull {
  readonly chunks: PageChunk[] = [];
  readonly types = new Map<string, ColumnType>();
  /** the pulled columns the docs type as boolean (storedFlags.ts) */
  readonly documentedBooleans = new Set<string>();
  readonly #order = new PullOrder();

  stage(chunk: PageChunk, declaredTypes?: RowShape["declaredTypes"]): Promise<void> {
    const first = this.types.size === 0;
    this.#order.see(chunk.names);
    addDocumentedBooleans(this.documentedBooleans, chunk.names, declaredTypes);
    const { added } = fitColumnTypes(this.types, chunk.names, chunkColumnTypes(chunk, declaredTypes));
    if (first && !this.types.has("id")) this.types.set("id", "int64");
    if (first || added.length > 0) {
      const sorted = this.#order.sorted(this.types);
      this.types.clear();
      for (const [name, type] of sorted) this.types.set(name, type);
    }
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
        else ids.add(idValue(id));
      }
    }
    return Promise.resolve({ rows, ids: ids.size, missingIds });
  }

  /** The rows whose `column` holds one of `values` (some studies'), chunk by chunk. */
  rowsOf(column: string, values: readonly number[]): ChunkRows[] {
    const wanted = new Set(values);
    const parts: ChunkRows[] = [];
    for (const chunk of this.chunks) {
      const cells = chunkColumn(chunk, column);
      const rows: number[] = [];
      for (let row = 0; row < chunk.rowCount; row++) if (!isMissingCell(cells[row]) && wanted.has(Number(cells[row]))) rows.push(row);
      if (rows.length === chunk.rowCount) parts.push({ chunk });
      else if (rows.length > 0) parts.push({ chunk, rows: Int32Array.from(rows) });
    }
    return parts;
  }
}

/**
 * The chunk holding its own numbers where its columns are views into a much larger buffer (a
 * worker's whole page, and more), which holding the chunk until its group commits would keep
 * whole. Views that fill most of their buffer (the main thread's page slab) are kept as they are.
 */
function compacted(chunk: PageChunk): PageChunk {
  const viewed = new Map<ArrayBufferLike, number>();
  for (const cells of chunk.columns)
    if (cells instanceof Float64Array) viewed.set(cells.buffer, (viewed.get(cells.buffer) ?? 0) + cells.byteLength);
  if ([...viewed].every(([buffer, bytes]) => bytes * 2 >= buffer.byteLength)) return chunk;
  return { ...chunk, columns: chunk.columns.map((cells) => (cells instanceof Float64Array ? cells.slice() : cells)) };
}
