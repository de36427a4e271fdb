/**
 * A target stream its consumer destroys mid-export without an error (an HTTP response whose client
 * went away) ends the export with an ExportError saying so: no writer waits for a drain that never
 * comes. One destroyed with an error ends it with that error.
 */
import { Writable } from "node:stream";
import { writeArrow, writeCSV, writeExcel, writeJSON, writeNDJSON, writeParquet, type ExportSummary } from "../../src/export";

async function* records(): AsyncGenerator<Record<string, unknown>[]> {
  for (let page = 0; page < 200; page++) {
    await new Promise((resolve) => setImmediate(resolve));
    yield Array.from({ length: 100 }, (_, row) => ({ id: page * 100 + row, name: "x".repeat(50) }));
  }
}

/** A consumer that takes about 2 KB, then destroys the stream (with `error`, if given). */
function leavingConsumer(error?: Error): Writable {
  let taken = 0;
  const stream: Writable = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      taken += chunk.length;
      done();
      if (taken > 2000 && !stream.destroyed) stream.destroy(error);
    },
  });
  stream.on("error", () => {});
  return stream;
}

const WRITERS: [string, (target: Writable) => Promise<ExportSummary>][] = [
  ["csv", (target) => writeCSV(records(), target)],
  ["ndjson", (target) => writeNDJSON(records(), target)],
  ["json", (target) => writeJSON(records(), target)],
  ["parquet", (target) => writeParquet(records(), target, { batchRows: 100 })],
  ["arrow", (target) => writeArrow(records(), target, { batchRows: 100 })],
  ["xlsx", (target) => writeExcel(records(), target)],
];

describe.each(WRITERS)("%s into a stream its consumer destroys", (_format, write) => {
  it("rejects with an ExportError saying the stream was closed before the export finished", async () => {
    await expect(write(leavingConsumer())).rejects.toThrow(
      /^the output stream was closed before the export finished \(\d+ bytes went out\)$/,
    );
  });

  it("rejects with the consumer's error when it gave one", async () => {
    await expect(write(leavingConsumer(new Error("client went away")))).rejects.toThrow(/^client went away$/);
  });
});
