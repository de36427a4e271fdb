// S4: time per page against requests in flight (batchSize × nWorkers), pages only (no frame):
// client.pages consumed and thrown away.
import { childConfig, loadLibrary, main, now, pullOptions, report, TOKEN } from "../lib/common.mjs";

main(async () => {
  const config = childConfig();
  const { Client } = loadLibrary();
  const result = {};
  for (const inFlight of config.levels) {
    const pages = inFlight === 1 ? config.pagesAtOne : config.pages;
    const client = new Client({ authToken: TOKEN, baseUrl: config.url, verbose: false, batchSize: inFlight, nWorkers: 1 });
    const start = now();
    let count = 0;
    for await (const page of client.pages("brandscapeData", { ...pullOptions(config), maxPages: pages })) {
      if (page.records.length === 0) throw new Error(`page ${page.page} empty`);
      count++;
    }
    const wallMs = now() - start;
    await client.aclose();
    if (count !== pages) throw new Error(`in flight ${inFlight}: ${count} pages of ${pages}`);
    result[`msPerPage_${inFlight}`] = wallMs / pages;
    result[`boundMsPerPage_${inFlight}`] = config.latencyMs / inFlight;
  }
  report(result);
});
