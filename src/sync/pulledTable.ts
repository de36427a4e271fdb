import { DataNotFoundError } from "../errors";
import type { ColumnTable } from "../table/types";
import type { RecordPage } from "../pull/envelope";
import { FrameBuilder } from "../rows/rowShape";

/** A pull's rows as the frame methods shape them (one column table), and how many pages it took. */
export interface PulledTable {
  readonly table: ColumnTable | undefined;
  readonly requests: number;
}

/** Pages of `client.pages(...)` into one table; a query with no records is no rows, not an error. */
export async function pullTable(pages: AsyncIterable<RecordPage>): Promise<PulledTable> {
  const builder = new FrameBuilder();
  let requests = 0;
  try {
    for await (const page of pages) {
      requests++;
      builder.add(page);
    }
  } catch (error) {
    if (error instanceof DataNotFoundError) return { table: undefined, requests: requests + 1 };
    throw error;
  }
  const { table } = builder.toTable();
  return { table: table.rowCount > 0 ? table : undefined, requests };
}

/** A column's cells, or none when the table lacks it. */
export function columnOf(table: ColumnTable | undefined, name: string): readonly unknown[] {
  if (!table) return [];
  const at = table.columns.indexOf(name);
  return at < 0 ? [] : table.data[at].slice(0, table.rowCount);
}
