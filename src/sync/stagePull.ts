import type { PageChunk } from "../table/types";
import { chunkColumn, gatherPageChunk } from "../table/pageChunk";
import { ValueError } from "../errors";
import { rowShapeOf } from "../rows/rowShape";
import { recordCount, type PulledPage } from "../pull/envelope";
import { chunkInFieldOrder } from "../pull/pull";
import type { PullSink } from "./types";
import { matchedNone, PageAudit } from "./pageAudit";

/**
 * A pull's pages into a sink as they arrive (a transaction's staging table, or a held pull of a few
 * studies), as column chunks (a page the pull handed on as records is gathered by the table model's
 * one gatherer); then checked whole (PageAudit). Columns take the order of the
 * asked `fields`, as a frame's do. A query with no records is no rows, not an error. Returns the
 * requests made.
 */
export async function stagePull(
  pages: AsyncIterable<PulledPage>,
  sink: PullSink,
  what: string,
  fields: readonly string[] | undefined,
  onChunk?: (chunk: PageChunk) => void,
): Promise<number> {
  const audit = new PageAudit(what);
  let requests = 0;
  try {
    for await (const page of pages) {
      requests++;
      audit.see(page, recordCount(page.body));
      const shape = rowShapeOf({ endpoint: page.endpoint });
      const gathered = page.body.kind === "columns" ? page.body.chunk : gatherPageChunk(page.body.records, shape);
      const chunk = fields ? chunkInFieldOrder(gathered, fields) : gathered;
      refuseInexactIds(chunk, what);
      onChunk?.(chunk);
      await sink.stage(chunk, shape.declaredTypes);
    }
  } catch (error) {
    if (requests === 0 && matchedNone(error, what)) return 1;
    throw audit.failed(error);
  }
  audit.finish(await sink.staged());
  return requests;
}

/**
 * A numeric id past 2^53 reached the client as its nearest double (JSON numbers are doubles): the
 * stored id might not be the service's, and two of its ids might be one. A sync keys its rows on
 * ids, so such a pull is refused.
 */
function refuseInexactIds(chunk: PageChunk, what: string): void {
  const ids = chunkColumn(chunk, "id");
  for (let row = 0; row < chunk.rowCount; row++) {
    const id = ids[row];
    if (typeof id === "number" && Math.abs(id) > Number.MAX_SAFE_INTEGER)
      throw new ValueError(
        `${what}: id ${String(id)} is a whole number past 2^53, which a JSON number cannot carry exactly: the store's id might not be the service's, and two ids might become one; nothing of the pull was committed`,
      );
  }
}
