// S1 (and S6 with the emulator's faults): one brandscapeData call, default options, to a DataFrame.
// Checked: the frame holds meta.total rows, every id once.
import { childConfig, loadLibrary, main, metaTotal, now, pullOptions, report, TOKEN } from "../lib/common.mjs";

main(async () => {
  const config = childConfig();
  const warnings = [];
  process.on("warning", (warning) => warnings.push(String(warning.message ?? warning)));

  const { Client } = loadLibrary(); // import time is measured on its own (scenario "import")
  const start = now(); // the call's own time: danfo is loaded inside it, on first use, as a user's first call does
  const client = new Client({ authToken: TOKEN, baseUrl: config.url, ...(config.clientOptions ?? {}) });
  const frame = await client.brandscapeData(pullOptions(config));
  const wallMs = now() - start;
  await client.aclose();

  const total = await metaTotal(config);
  const [rows, columns] = frame.shape;
  const ids = new Set(frame.column("id").values);
  const problems = [];
  if (rows !== total) problems.push(`${rows} rows, meta.total says ${total}`);
  if (ids.size !== rows) problems.push(`${rows - ids.size} duplicated ids`);
  report({ wallMs, total, rows, columns, cells: rows * columns, uniqueIds: ids.size, warnings, problems });
});
