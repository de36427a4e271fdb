// S5: a pull streamed to CSV through writeCSV(client.pages(...), path); peak RSS is the point.
// Checked: the file has a header and one line per row of meta.total.
import { createReadStream, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childConfig, loadLibrary, main, metaTotal, now, pullOptions, report, TOKEN } from "../lib/common.mjs";

async function countLines(path) {
  let lines = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return lines;
}

main(async () => {
  const config = childConfig();
  const library = loadLibrary();
  if (typeof library.writeCSV !== "function") throw new Error("the package exports no writeCSV (src/export)");
  const path = join(tmpdir(), `fountframe-bench-${process.pid}.csv`);
  const client = new library.Client({ authToken: TOKEN, baseUrl: config.url, verbose: false });
  try {
    const start = now();
    await library.writeCSV(client.pages("brandscapeData", pullOptions(config)), path);
    const wallMs = now() - start;
    const peakDuringMiB = process.resourceUsage().maxRSS / 1024;
    await client.aclose();
    const total = await metaTotal(config);
    const lines = await countLines(path);
    const fileMiB = statSync(path).size / 1024 / 1024;
    const problems = lines === total + 1 ? [] : [`${lines} lines for meta.total ${total} rows (+1 header)`];
    report({ wallMs, total, rows: lines - 1, fileMiB, peakDuringMiB, problems });
  } finally {
    rmSync(path, { force: true });
  }
});
