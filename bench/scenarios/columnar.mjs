// S9: a pull streamed to Parquet (writeParquet), and the same pull to CSV, Arrow and a Parquet
// dataset partitioned by study_id for comparison, each straight from client.pages(...). Checked: the file holds one row per row of meta.total.
import { createReadStream, readdirSync, rmSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childConfig, loadLibrary, main, metaTotal, now, pullOptions, report, TOKEN } from "../lib/common.mjs";

const WRITERS = { parquet: "writeParquet", partitioned: "writeParquet", arrow: "writeArrow", csv: "writeCSV" };

/** Bytes of a file, or of every file under a folder. */
function sizeOf(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  return readdirSync(path, { recursive: true })
    .map((name) => statSync(join(path, name)))
    .reduce((total, entry) => total + (entry.isDirectory() ? 0 : entry.size), 0);
}

/** Rows in the written file, read back by the format's own reader (after the measured part). */
async function rowsIn(format, path) {
  if (format === "parquet" || format === "partitioned") {
    // the footer only: reading a whole file back would put its size into the scenario's peak RSS
    const { asyncBufferFromFile, parquetMetadataAsync } = await import("hyparquet");
    const files =
      format === "parquet"
        ? [path]
        : readdirSync(path, { recursive: true })
            .filter((name) => name.endsWith(".parquet"))
            .map((name) => join(path, name));
    let rows = 0;
    for (const file of files) rows += Number((await parquetMetadataAsync(await asyncBufferFromFile(file))).num_rows);
    return rows;
  }
  if (format === "arrow") {
    // a batch at a time from the file (its footer says where each is), not the whole file in memory
    const { RecordBatchReader } = await import("apache-arrow");
    const file = await open(path);
    try {
      let rows = 0;
      for await (const batch of await RecordBatchReader.from(file)) rows += batch.numRows;
      return rows;
    } finally {
      await file.close();
    }
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
    const options = config.format === "partitioned" ? { partitionBy: ["study_id"] } : {};
    await write(client.pages("brandscapeData", pullOptions(config)), path, options);
    const wallMs = now() - start;
    const peakDuringMiB = process.resourceUsage().maxRSS / 1024;
    await client.aclose();
    const total = await metaTotal(config);
    const rows = await rowsIn(config.format, path);
    const fileMiB = sizeOf(path) / 1024 / 1024;
    const partitions = config.format === "partitioned" ? readdirSync(path).length : undefined;
    const problems = rows === total ? [] : [`${rows} rows in the file for meta.total ${total}`];
    report({ wallMs, total, rows, fileMiB, peakDuringMiB, partitions, problems });
  } finally {
    rmSync(path, { force: true, recursive: true });
  }
});
