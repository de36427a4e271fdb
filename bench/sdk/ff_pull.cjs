// One measured pull with fountframe, in a fresh process (the counterpart of sdk_pull.py).
// Usage: node ff_pull.cjs <dist dir> '<json config>'
// config: { url, studies, metricKeys?, mode: "pull" | "start" | "call", token? }
//   pull  as bench/scenarios/pull.mjs: the library required first, the timer from just before the
//         Client is made (danfo loaded inside the call, on first use, as a user's first call does)
//   start as bench/scenarios/firstFrame.mjs mode "cjs": process start → frame
//   call  as firstFrame.mjs mode "danfo-loaded": the package's danfo required first, then call → frame
// Prints one line "RESULT {json}": callS, doneAt (epoch s), sinceStartS (performance.now(): from
// the process's start), rows, columns, uniqueIds, dtypes.
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose: mode "start" times a require() of dist/index.cjs from process start, as firstFrame.mjs mode "cjs" */
const { join, resolve } = require("node:path");

const dist = resolve(process.argv[2]);
const config = JSON.parse(process.argv[3]);
const now = () => performance.now();

async function main() {
  let callStart = 0;
  const library = require(join(dist, "index.cjs"));
  const importedAt = (performance.timeOrigin + now()) / 1000;
  if (config.mode === "call") require(join(dist, "danfo.cjs"));
  if (config.mode === "pull" || config.mode === "call") callStart = now();
  const client = new library.Client({ authToken: config.token ?? "t", baseUrl: config.url, verbose: false });
  const options = { studies: config.studies };
  if (config.metricKeys) options.metricKeys = config.metricKeys;
  const frame = await client.brandscapeData(options);
  const end = now();
  const doneAt = (performance.timeOrigin + end) / 1000;
  await client.aclose();
  const [rows, columns] = frame.shape;
  const ids = frame.columns.includes("id") ? new Set(frame.column("id").values).size : null;
  const dtypes = {};
  for (const dtype of frame.dtypes) dtypes[dtype] = (dtypes[dtype] ?? 0) + 1;
  const result = {
    callS: (end - callStart) / 1000,
    sinceStartS: end / 1000,
    doneAt,
    importedAt,
    rows,
    columns,
    uniqueIds: ids,
    dtypes,
    columnNames: config.names ? frame.columns : null,
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`, () => process.exit(0));
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
