// Process start → frame: a fresh process imports the package and pulls 5,000 rows × 64 columns to a
// DataFrame, danfo's load included (performance.now() counts from the process's start). Mode "cjs" or
// "esm"; "danfo-loaded" loads danfo first and times only the call, for comparison.
// Checked: the frame holds meta.total rows.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { childConfig, DIST_DIR, loadLibrary, main, metaTotal, now, pullOptions, report, require, TOKEN } from "../lib/common.mjs";

main(async () => {
  const config = childConfig();
  let callStart = 0;
  let library;
  if (config.mode === "esm") library = await import(pathToFileURL(join(DIST_DIR, "index.mjs")).href);
  else library = loadLibrary();
  if (config.mode === "danfo-loaded") {
    require(join(DIST_DIR, "danfo.cjs")); // the package's danfo (fountframe/danfo)
    callStart = now();
  }
  const importedMs = now();
  const client = new library.Client({ authToken: TOKEN, baseUrl: config.url, verbose: false });
  const frame = await client.brandscapeData(pullOptions(config));
  const wallMs = now() - callStart;
  await client.aclose();

  const total = await metaTotal(config);
  const [rows, columns] = frame.shape;
  const problems = rows === total ? [] : [`${rows} rows, meta.total says ${total}`];
  report({ wallMs, importedMs, rows, columns, total, problems });
});
