// SYNC: client.sync of the pull's rows into a DuckDB store (full), then one study revised through
// the emulator's POST __emulator/revise and a second sync (incremental: the study lookup, then that
// study's pages). Checked: the second run replaced exactly that study, with requests = its pages +
// the lookup's, and the store holds meta.total rows, every id once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { childConfig, DIST_DIR, loadLibrary, main, metaTotal, now, pullOptions, report, TOKEN } from "../lib/common.mjs";

const require = createRequire(import.meta.url);

main(async () => {
  const config = childConfig();
  const { Client } = loadLibrary();
  const { openStore } = require(join(DIST_DIR, "store.cjs"));
  const dir = mkdtempSync(join(tmpdir(), "fountframe-bench-sync-"));
  const client = new Client({ authToken: TOKEN, baseUrl: config.url, verbose: false });
  const store = await openStore(join(dir, "bench.duckdb"));
  const options = pullOptions(config);
  const problems = [];
  try {
    let start = now();
    const cpuBefore = process.cpuUsage();
    const full = await client.sync(store, "brandscapeData", options);
    const fullMs = now() - start;
    // the process's CPU (every thread: DuckDB's too) over the full sync alone; the scenario's cpuMs adds the queries, the second sync and the clean-up
    const { user, system } = process.cpuUsage(cpuBefore);
    const fullCpuMs = (user + system) / 1000;
    const fullPeakRssMiB = process.resourceUsage().maxRSS / 1024;

    // a study of median size: its rows are what the second run must pull again
    const sizes = await store.query("SELECT study_id, count(*) AS n FROM brandscape_data GROUP BY 1 ORDER BY 2, 1");
    const middle = Math.floor(sizes.shape[0] / 2);
    const studyId = sizes.column("study_id").values[middle];
    const studyRows = sizes.column("n").values[middle];
    const revised = await fetch(`${config.url}__emulator/revise`, { method: "POST", body: JSON.stringify({ studies: [studyId] }) });
    if (!revised.ok) throw new Error(`revise: ${revised.status} ${await revised.text()}`);

    start = now();
    const second = await client.sync(store, "brandscapeData", options);
    const incrementalMs = now() - start;

    const perPage = client.perPage;
    const expectedRequests = Math.ceil(studyRows / perPage) + 1;
    if (JSON.stringify(second.partitions?.replaced) !== JSON.stringify([studyId]))
      problems.push(`replaced ${JSON.stringify(second.partitions)}, expected [${studyId}]`);
    if (second.requests !== expectedRequests)
      problems.push(`${second.requests} requests, expected ${expectedRequests} (the study's pages + the lookup)`);
    const total = await metaTotal(config);
    const counts = await store.query("SELECT count(*) AS n, count(DISTINCT id) AS ids FROM brandscape_data");
    const [rows, ids] = [counts.column("n").values[0], counts.column("ids").values[0]];
    if (rows !== total || ids !== total) problems.push(`${rows} rows, ${ids} ids in the store; meta.total says ${total}`);
    report({
      wallMs: fullMs,
      fullMs,
      fullCpuMs,
      fullRequests: full.requests,
      fullPeakRssMiB,
      rows,
      studyRows,
      incrementalMs,
      incrementalRequests: second.requests,
      incrementalUpdated: second.updated,
      timeRatio: incrementalMs / fullMs,
      problems,
    });
  } finally {
    await store.close();
    await client.aclose();
    rmSync(dir, { recursive: true, force: true });
  }
});
