import { DataNotFoundError } from "../errors";
import type { ColumnTable } from "../table/types";
import type { RecordPage } from "../pull/envelope";
import { FrameBuilder } from "../rows/rowShape";
import type { StoreWrites } from "../store/types";
import { PageAudit } from "./pageAudit";

/**
 * A pull's pages into the transaction's staging table as they arrive (a page's rows shaped as the
 * frame methods shape them), so memory holds a page or so whatever the pull's size; then checked
 * whole (PageAudit). A query with no records is no rows, not an error. Returns the requests made.
 */
export async function stagePull(
  pages: AsyncIterable<RecordPage>,
  writes: StoreWrites,
  what: string,
  onRows?: (rows: ColumnTable) => void,
): Promise<number> {
  const audit = new PageAudit(what);
  let requests = 0;
  try {
    for await (const page of pages) {
      requests++;
      audit.see(page);
      const builder = new FrameBuilder();
      builder.add(page);
      const { table } = builder.toTable();
      onRows?.(table);
      await writes.stage(table);
    }
  } catch (error) {
    if (error instanceof DataNotFoundError && requests === 0) return 1;
    throw error;
  }
  audit.finish(await writes.staged());
  return requests;
}
