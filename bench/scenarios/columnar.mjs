// S9: a pull streamed to Parquet (writeParquet), and the same pull to CSV and Arrow for comparison,
// each straight from client.pages(...). Checked: the file holds one row per row of meta.total.
import { createReadStream, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childConfig, loadLibrary, main, metaTotal, now, pullOptions, report, TOKEN } from "../lib/common.mjs";

const WRITERS = { parquet: "writeParquet", arrow: "writeArrow", csv: "writeCSV" };

/** Rows in the written file, read back by the format's own reader (after the measured part). */
async function rowsIn(format, path) {
  if (format === "parquet") {
    const { parquetMetadata } = await import("hyparquet");
    const bytes = readFileSync(path);
    return Number(parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)).num_rows);
  }
  if (format === "arrow") {
    const { tableFromIPC } = await import("apache-arrow");
    return tableFromIPC(readFileSync(path)).numRows;
  }
  let lines = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return lines - 1; // the header
}

main(async () => {
  const config = childConfig();
  const library = loadLibrary();
  const write = library[WRITERS[config.format]];
  if (typeof write !== "function") throw new Error(`the package exports no ${WRITERS[config.format]} (src/export)`);
  const path = join(tmpdir(), `fountframe-bench-${process.pid}.${config.format}`);
  const client = new library.Client({ authToken: TOKEN, baseUrl: config.url, verbose: false });
  try {
    const start = now();
    await write(client.pages("brandscapeData", pullOptions(config)), path);
    const wallMs = now() - start;
    const peakDuringMiB = process.resourceUsage().maxRSS / 1024;
    await client.aclose();
    const total = await metaTotal(config);
    const rows = await rowsIn(config.format, path);
    const fileMiB = statSync(path).size / 1024 / 1024;
    const problems = rows === total ? [] : [`${rows} rows in the file for meta.total ${total}`];
    report({ wallMs, total, rows, fileMiB, peakDuringMiB, problems });
  } finally {
    rmSync(path, { force: true });
  }
});
