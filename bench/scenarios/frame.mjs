// S3: the frame from records already in memory (run with --expose-gc). The records are the
// emulator's brandscape records, pulled before anything is timed. Timed, each on its own with the
// previous result dropped: the library's path (recordsToFrame, flattening included, as
// brandscapeData uses it), its two public steps, and danfo's own constructors for comparison.
// With config.stack: stackData on records given two nested lists of two (4 rows per record).
import { childConfig, loadFrameSteps, loadLibrary, main, now, pullOptions, report, require, settledMemory, TOKEN } from "../lib/common.mjs";

main(async () => {
  const config = childConfig();
  const { Client, recordsToFrame } = loadLibrary();
  const { flattenRecords, toColumnTable, tableToFrame } = await loadFrameSteps();
  const client = new Client({ authToken: TOKEN, baseUrl: config.url, verbose: false, perPage: 1000 });
  const records = [];
  for await (const page of client.pages("brandscapeData", { ...pullOptions(config), perPage: 1000 })) {
    for (const record of page.records) records.push(record);
  }
  await client.aclose();
  if (config.stack) {
    for (const record of records) {
      record.categories = [
        { id: 1, name: "Cars" },
        { id: 2, name: "Trucks" },
      ];
      record.tags = ["a", "b"];
    }
  }
  const options = { globalPrefix: true, stackData: Boolean(config.stack) };
  const { DataFrame } = require("danfojs-node"); // loaded up front: its import is not frame cost
  settledMemory();

  const timings = {};
  const time = (name, build) => {
    const start = now();
    const result = build();
    timings[name] = now() - start;
    return result;
  };
  const timeAsync = async (name, build) => {
    const start = now();
    const result = await build();
    timings[name] = now() - start;
    return result;
  };

  // the headline first, cold, as a user's first call meets it
  let frame = await timeAsync("recordsToFrameMs", () => recordsToFrame(records, options));
  const [rows, columns] = frame.shape;
  const cells = rows * columns;
  frame = null;
  settledMemory();

  const result = { records: records.length, rows, columns, cells };
  if (!config.stack) {
    let flat = time("flattenMs", () => flattenRecords(records, options));
    const table = time("columnTableMs", () => toColumnTable(flat));
    flat = null;
    settledMemory();
    frame = await timeAsync("tableToFrameMs", () => tableToFrame(table));
    frame = null;
    settledMemory();

    // danfo's own ways, from the same typed columns
    const { columns: names, dtypes, data, rowCount } = table;
    let grid = Array.from({ length: rowCount }, (_, r) => data.map((column) => column[r]));
    frame = time("danfoRowsMs", () => new DataFrame(grid, { columns: names, dtypes }));
    frame = null;
    settledMemory();
    frame = time("danfoRowsLowMemoryMs", () => new DataFrame(grid, { columns: names, dtypes, config: { lowMemoryMode: true } }));
    frame = null;
    settledMemory();
    frame = time("danfoRowsInferredMs", () => new DataFrame(grid, { columns: names }));
    frame = null;
    grid = null;
    settledMemory();
    const byName = Object.fromEntries(names.map((name, c) => [name, data[c]]));
    frame = time("danfoColumnsObjectMs", () => new DataFrame(byName, { dtypes }));
    frame = null;
    settledMemory();
    Object.assign(result, timings);
  } else {
    result.recordsToFrameMs = timings.recordsToFrameMs;
  }
  const perCell = (ms) => (ms === undefined ? undefined : (ms * 1000) / cells);
  for (const [name, ms] of Object.entries(timings)) result[name.replace(/Ms$/, "UsPerCell")] = perCell(ms);
  report(result);
});
