// Medians and spreads of the repeated runs, and the Markdown table of results and targets.

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** { runs, crashed, problems, stats: { key: { median, min, max, n } } } over one scenario's runs. */
export function aggregate(runs) {
  const stats = {};
  const good = runs.filter((run) => !run.crashed);
  const keys = new Set(good.flatMap((run) => Object.keys(run).filter((key) => typeof run[key] === "number")));
  for (const key of keys) {
    const values = good.map((run) => run[key]).filter((value) => typeof value === "number" && Number.isFinite(value));
    if (values.length) stats[key] = { median: median(values), min: Math.min(...values), max: Math.max(...values), n: values.length };
  }
  const problems = runs.flatMap((run, rep) => (run.problems ?? []).map((problem) => `run ${rep + 1}: ${problem}`));
  return { runs, crashed: runs.length - good.length, problems, stats };
}

/** Per-run ratio of two scenarios run in the same repetitions (interleaved), as { median, min, max }. */
function pairedRatio(scenarios, top, topKey, bottom, bottomKey) {
  const a = scenarios[top]?.runs;
  const b = scenarios[bottom]?.runs;
  if (!a || !b) return undefined;
  const ratios = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]?.[topKey];
    const y = b[i]?.[bottomKey];
    if (typeof x === "number" && typeof y === "number" && y > 0) ratios.push(x / y);
  }
  return ratios.length ? { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), n: ratios.length } : undefined;
}

const FIRST_LABEL = "5,000 rows × 64 columns";
const fixed = (digits) => (value) => value.toFixed(digits);
const seconds = (value) => (value / 1000).toFixed(2);
const FORMATS = {
  s: seconds,
  ms: fixed(0),
  "ms/page": fixed(2),
  MiB: fixed(0),
  "µs/cell": fixed(3),
  "×": fixed(2),
  "MiB on disk": fixed(1),
  rows: fixed(0),
  "": fixed(0),
};

/** The Markdown table: one line per figure, median, min–max over the runs, target, and whether it is met. */
export function summaryTable(results) {
  const { scenarios, machine, mode } = results;
  const lines = [];
  const stat = (id, key) => scenarios[id]?.stats?.[key];
  const add = (scenario, measure, value, unit, target = "", check) => {
    if (!value) return;
    const format = unit === "text" ? () => value.text : (FORMATS[unit] ?? fixed(2));
    const spread = value.n > 1 ? `${format(value.min)}–${format(value.max)}` : "";
    const verdict = check ? (check(value.median) ? "yes" : "no") : "";
    const shownUnit = unit === "s" ? " s" : unit === "" || unit === "text" ? "" : ` ${unit}`;
    lines.push(`| ${scenario} | ${measure} | ${format(value.median)}${shownUnit} | ${spread} | ${target} | ${verdict} |`);
  };
  const div = (value, by) => value && { ...value, median: value.median / by, min: value.min / by, max: value.max / by };
  const fetchBound = stat("S2", "scheduleBoundMs");
  const fetchBound64 = stat("S2-64", "scheduleBoundMs");

  for (const [suffix, label] of [
    ["", "documented width"],
    ["-64", "64 columns"],
  ]) {
    const s1 = `S1${suffix}`;
    const split = `S1${suffix}-split`;
    const s2 = `S2${suffix}`;
    const rows = stat(s1, "rows")?.median ?? stat(s2, "rows")?.median;
    const columns = stat(s1, "columns")?.median ?? stat(split, "columns")?.median;
    const what = rows ? `${label} (${rows.toLocaleString("en")} rows × ${columns ?? "?"} columns)` : label;
    add(`S1 ${what}`, "wall time, call → frame", stat(s1, "wallMs"), "s");
    add(
      `S1 ${what}`,
      "peak RSS",
      stat(s1, "peakRssMiB"),
      "MiB",
      suffix ? "≤ 380 MiB (⅓ Python SDK)" : "≤ 1,570 MiB (⅓ Python SDK)",
      (v) => v <= (suffix ? 380 : 1570),
    );
    add(`S1 ${what}`, "CPU time of the client process", stat(s1, "cpuMs"), "s");
    add(`S1 ${what}`, "CPU time of the emulator process", stat(s1, "emulatorCpuMs"), "s");
    add(`S1 ${what}`, "parse floor: text + JSON.parse of the same pages (FLOOR), CPU", stat(`FLOOR${suffix}`, "parseCpuMs"), "s");
    add(
      `S1 ${what}`,
      "CPU of the client process / parse floor, same repetition",
      pairedRatio(scenarios, s1, "cpuMs", `FLOOR${suffix}`, "parseCpuMs"),
      "×",
      suffix ? "" : "≤ 1.3 (issue 33)",
      suffix ? undefined : (v) => v <= 1.3,
    );
    add(
      `S1 ${what}`,
      "S1 / S2, same repetition",
      pairedRatio(scenarios, s1, "wallMs", s2, "wallMs"),
      "×",
      suffix ? "≤ 0.9" : "≤ 0.8",
      (v) => v <= (suffix ? 0.9 : 0.8),
    );
    add(`S1 ${what}`, "same call, every page on the main thread (threads: 0)", stat(`${s1}-main`, "wallMs"), "s");
    add(`S1 ${what}`, "S1 / S1 on the main thread, same repetition", pairedRatio(scenarios, s1, "wallMs", `${s1}-main`, "wallMs"), "×");
    add(`S1 ${what}`, "peak RSS, main thread only", stat(`${s1}-main`, "peakRssMiB"), "MiB");
    add(`S1 ${what}`, "S1 / S2 with node:http, same repetition", pairedRatio(scenarios, s1, "wallMs", `${s2}-http`, "wallMs"), "×");
    add(`S1 ${what}`, "fetch part (client.pages, each page gathered into rows)", stat(split, "fetchMs"), "s");
    for (const [figure, splitKey, s1Key] of [
      ["wall (fetch + loading danfo + toFrame)", "callMs", "wallMs"],
      ["CPU of the process (less the scenario's heap readings)", "libraryCpuMs", "cpuMs"],
    ])
      add(
        `S1 ${what}`,
        `client.pages → FrameBuilder / S1, ${figure}`,
        pairedRatio(scenarios, split, splitKey, s1, s1Key),
        "×",
        "≤ 1.2 (issue 44)",
        (v) => v <= 1.2,
      );
    const bound = suffix ? fetchBound64 : fetchBound;
    if (bound)
      add(
        `S1 ${what}`,
        `fetch part / schedule bound (${seconds(bound.median)} s)`,
        div(stat(split, "fetchMs"), bound.median),
        "×",
        "≤ 1.2",
        (v) => v <= 1.2,
      );
    add(`S1 ${what}`, "CPU time of the client during the fetch part", stat(split, "fetchCpuMs"), "s");
    add(`S1 ${what}`, "loading danfo (first frame of a process)", stat(split, "danfoLoadMs"), "ms");
    add(`S1 ${what}`, "frame part (FrameBuilder.toFrame)", stat(split, "frameMs"), "s");
    add(`S1 ${what}`, "peak RSS while fetching", stat(split, "fetchPeakRssMiB"), "MiB");
    add(`S1 ${what}`, "heap: gathered rows held (not the records)", stat(split, "recordsHeapMiB"), "MiB");
    add(`S1 ${what}`, "heap: danfo + tfjs loaded", stat(split, "danfoHeapMiB"), "MiB");
    add(`S1 ${what}`, "heap: frame alone", stat(split, "frameHeapMiB"), "MiB");
    add(`S2 ${label}`, "plain fetch + JSON.parse, 20 in flight", stat(s2, "wallMs"), "s");
    add(
      `S2 ${label}`,
      "CPU time: fetching process / emulator",
      stat(s2, "cpuMs") &&
        stat(s2, "emulatorCpuMs") && {
          ...stat(s2, "cpuMs"),
          median: stat(s2, "cpuMs").median,
          n: 1,
          text: `${seconds(stat(s2, "cpuMs").median)} s / ${seconds(stat(s2, "emulatorCpuMs").median)} s`,
        },
      "text",
    );
    add(`S2 ${label}`, "JSON received", stat(s2, "jsonMiB"), "MiB");
    const servePages = stat(s2, "pages")?.median;
    const serveCpu = stat(s2, "emulatorCpuMs");
    if (servePages && serveCpu) {
      const perPage = serveCpu.median / servePages;
      add(
        `S2 ${label}`,
        "emulator serving: CPU per 100-row page → pages/s on one core",
        {
          ...serveCpu,
          n: 1,
          text: `${perPage.toFixed(2)} ms → ${Math.round(1000 / perPage)}/s`,
        },
        "text",
        "≥ 500/s (issue 3)",
      );
    }
    add(`S2 ${label}`, "same with node:http instead of fetch", stat(`${s2}-http`, "wallMs"), "s");
    add(`S2 ${label}`, "schedule bound ⌈pages / 20⌉ × 20 ms", stat(s2, "scheduleBoundMs"), "s");
  }

  const link = results.settings?.realLink;
  for (const [suffix, label] of [
    ["", "documented width"],
    ["-64", "64 columns"],
  ]) {
    const id = `LINK${suffix}`;
    if (!scenarios[id] || !link) continue;
    const rows = stat(id, "rows")?.median;
    const what = `LINK real link (${link.latencyMs} ms, ${link.bandwidth / 1e6} MB/s, compressed, ${link.rateLimit}/min), ${label}${rows ? `, ${rows.toLocaleString("en")} rows` : ""}`;
    add(what, "wall time, call → frame", stat(id, "wallMs"), "s");
    add(what, "CPU time of the client process", stat(id, "cpuMs"), "s");
    add(what, "peak RSS", stat(id, "peakRssMiB"), "MiB");
    add(what, "bytes over the link (compressed)", div(stat(id, "emulatorBytes"), 1024 * 1024), "MiB");
    add(what, "link limit: bytes ÷ bandwidth + unavoidable round trips", stat(id, "linkLimitMs"), "s");
    add(
      what,
      "wall time / link limit, same run",
      pairedRatio(scenarios, id, "wallMs", id, "linkLimitMs"),
      "×",
      "≤ 1.15 (issue 33)",
      (v) => v <= 1.15,
    );
    add(
      what,
      "requests / 429 answers",
      stat(id, "emulatorRequests") && {
        ...stat(id, "emulatorRequests"),
        n: 1,
        text: `${stat(id, "emulatorRequests").median} / ${stat(id, "emulatorRateLimited")?.median ?? "?"}`,
      },
      "text",
    );
    add(what, "CPU time of the emulator process", stat(id, "emulatorCpuMs"), "s");
  }

  for (const id of ["S3", "S3-wide"]) {
    const rows = stat(id, "rows")?.median;
    if (!rows) continue;
    const s3 = `S3 frame cost, ${rows.toLocaleString("en")} records × ${stat(id, "columns")?.median} columns`;
    add(
      s3,
      "recordsToFrame (flatten + types + danfo), per cell",
      stat(id, "recordsToFrameUsPerCell"),
      "µs/cell",
      "≤ 0.15",
      (v) => v <= 0.15,
    );
    add(s3, "recordsToFrame, total", stat(id, "recordsToFrameMs"), "ms");
    add(s3, "flattenRecords", stat(id, "flattenUsPerCell"), "µs/cell");
    add(s3, "toColumnTable", stat(id, "columnTableUsPerCell"), "µs/cell");
    add(s3, "tableToFrame (copies the columns)", stat(id, "tableToFrameUsPerCell"), "µs/cell");
    add(s3, "danfo new DataFrame(rows, {columns, dtypes})", stat(id, "danfoRowsUsPerCell"), "µs/cell", "0.08 (issue)");
    add(s3, "danfo, same in lowMemoryMode", stat(id, "danfoRowsLowMemoryUsPerCell"), "µs/cell");
    add(s3, "danfo, rows with dtypes inferred", stat(id, "danfoRowsInferredUsPerCell"), "µs/cell");
    add(s3, "danfo, object of columns", stat(id, "danfoColumnsObjectUsPerCell"), "µs/cell");
  }
  const stackRows = stat("S3-stack", "rows")?.median;
  add(
    `S3 stackData${stackRows ? ` (${stackRows.toLocaleString("en")} rows × ${stat("S3-stack", "columns")?.median})` : ""}`,
    "recordsToFrame, per output cell",
    stat("S3-stack", "recordsToFrameUsPerCell"),
    "µs/cell",
  );

  for (const [suffix, label] of [
    ["", "documented width"],
    ["-64", "64 columns"],
  ]) {
    for (const level of [1, 5, 20, 50]) {
      const bound = stat(`S4${suffix}`, `boundMsPerPage_${level}`)?.median;
      add(
        `S4 sweep, ${label}`,
        `${level} in flight, time per page`,
        stat(`S4${suffix}`, `msPerPage_${level}`),
        "ms/page",
        bound !== undefined ? `bound ${bound.toFixed(2)} ms` : "",
      );
    }
  }

  const streamIds = Object.keys(scenarios).filter((id) => id.startsWith("S5-"));
  for (const id of streamIds) {
    const rows = stat(id, "rows")?.median;
    const what = `S5 stream to CSV, ${rows ? rows.toLocaleString("en") : id.slice(3)} rows × 64 columns`;
    add(what, "wall time", stat(id, "wallMs"), "s");
    add(what, "peak RSS", stat(id, "peakRssMiB"), "MiB", "≤ 300 MB (286 MiB), flat", (v) => v <= 286);
    add(what, "CSV written", stat(id, "fileMiB"), "MiB");
  }
  if (streamIds.length > 1) {
    const [small, large] = [streamIds[0], streamIds[streamIds.length - 1]];
    add(
      `S5 ${large.slice(3)} vs ${small.slice(3)}`,
      "peak RSS ratio",
      pairedRatio(scenarios, large, "peakRssMiB", small, "peakRssMiB"),
      "×",
      "flat (≈ 1)",
      (v) => v <= 1.15,
    );
  }

  const s6 = scenarios.S6;
  const faults = s6?.emulator?.faults ?? [];
  const s6Label = `S6 faults (${faults.filter((f) => f.kind === "status").length} pages 503 ×2, ${faults.filter((f) => f.kind === "rateLimit").length} × 429 Retry-After 1 s)`;
  add(s6Label, "wall time", stat("S6", "wallMs"), "s");
  add(s6Label, "S6 / S1, same repetition", pairedRatio(scenarios, "S6", "wallMs", "S1", "wallMs"), "×", "≤ 1.30", (v) => v <= 1.3);
  if (s6) {
    const lost = s6.runs.reduce((sum, run) => sum + Math.max(0, (run.total ?? 0) - (run.uniqueIds ?? 0)), 0);
    const extra = s6.runs.reduce((sum, run) => sum + Math.max(0, (run.rows ?? 0) - (run.uniqueIds ?? 0)), 0);
    const ok = s6.crashed === 0 && lost === 0 && extra === 0;
    lines.push(`| ${s6Label} | rows lost / duplicated vs meta.total, all runs | ${lost} / ${extra} | | 0 / 0 | ${ok ? "yes" : "no"} |`);
    add(s6Label, "requests the emulator served", stat("S6", "emulatorRequests"), "");
  }

  const s7 = `S7 ${(stat("S7", "rows")?.median ?? 0).toLocaleString("en")} rows × 64 columns at the service's 500 requests/min`;
  add(s7, "wall time, call → frame", stat("S7", "wallMs"), "s", "≤ 20 s", (v) => v <= 20_000);
  add(s7, "requests the emulator served (the row check's one included)", stat("S7", "emulatorRequests"), "");
  add(s7, "429 answers", stat("S7", "emulatorRateLimited"), "", "0", (v) => v === 0);
  const s8 = "S8 S1 re-pulled from the on-disk cache";
  add(s8, "first pull, filling the cache", stat("S8-fill", "wallMs"), "s");
  add(s8, "re-pull from the frame's kept columns, call → frame", stat("S8", "wallMs"), "s", "≤ 1.5 s", (v) => v <= 1_500);
  add(s8, "re-pull from the responses (columns dropped), call → frame", stat("S8-responses", "wallMs"), "s");
  const lessRowCheck = (value) => value && { ...value, median: value.median - 1, min: value.min - 1, max: value.max - 1 };
  for (const [id, what] of [
    ["S8", "requests during the re-pull (the row check's one after it not counted)"],
    ["S8-responses", "requests during the re-pull from the responses"],
  ]) {
    add(s8, what, lessRowCheck(stat(id, "emulatorRequests")), "", "0", (v) => v === 0);
  }
  add(s8, "peak RSS of the re-pull from columns", stat("S8", "peakRssMiB"), "MiB");
  add(s8, "peak RSS of the re-pull from the responses", stat("S8-responses", "peakRssMiB"), "MiB");

  const s9Rows = stat("S9-parquet", "rows")?.median;
  for (const [format, label] of [
    ["parquet", "Parquet"],
    ["csv", "CSV"],
    ["arrow", "Arrow IPC"],
    ["partitioned", "Parquet partitioned by study_id"],
  ]) {
    const what = `S9 stream to ${label}, ${s9Rows ? s9Rows.toLocaleString("en") : "?"} rows × 64 columns`;
    add(what, "wall time", stat(`S9-${format}`, "wallMs"), "s");
    add(what, "CPU time (steadier than wall time on a shared machine)", stat(`S9-${format}`, "cpuMs"), "s");
    add(what, "peak RSS while writing", stat(`S9-${format}`, "peakDuringMiB"), "MiB");
    add(what, "file written", stat(`S9-${format}`, "fileMiB"), "MiB on disk");
  }
  for (const id of Object.keys(scenarios).filter((name) => /^S9-(parquet|partitioned)-\d+k$/.test(name))) {
    const [, format, size] = id.split("-");
    const what = `S9 stream to ${format === "parquet" ? "Parquet" : "Parquet partitioned by study_id"}, ${size} rows × 64 columns`;
    add(what, "wall time", stat(id, "wallMs"), "s");
    add(what, "peak RSS while writing", stat(id, "peakDuringMiB"), "MiB", "≤ 300 MB (286 MiB), as S5", (v) => v <= 286);
    add(what, "file written", stat(id, "fileMiB"), "MiB on disk");
    add(
      `S9 ${format} ${size} vs ${s9Rows ? `${s9Rows / 1000}k` : "?"}`,
      "peak RSS ratio",
      pairedRatio(scenarios, id, "peakDuringMiB", `S9-${format}`, "peakDuringMiB"),
      "×",
      "flat (≈ 1)",
      (v) => v <= 1.15,
    );
  }
  add("S9 Parquet partitioned by study_id", "partition folders", stat("S9-partitioned", "partitions"), "");
  add("S9 Parquet vs CSV", "file size ratio", pairedRatio(scenarios, "S9-parquet", "fileMiB", "S9-csv", "fileMiB"), "×");
  add("S9 Parquet vs CSV", "wall time ratio", pairedRatio(scenarios, "S9-parquet", "wallMs", "S9-csv", "wallMs"), "×");

  const syncRows = stat("SYNC", "rows")?.median;
  const sync = `SYNC brandscape data, ${syncRows ? syncRows.toLocaleString("en") : "?"} wide rows, into DuckDB`;
  add(sync, "full sync (first run)", stat("SYNC", "fullMs"), "s");
  add(sync, "CPU of the full sync (the process's, every thread)", stat("SYNC", "fullCpuMs"), "s");
  add(sync, "full sync ÷ S1, wall", pairedRatio(scenarios, "SYNC", "fullMs", "S1", "wallMs"), "×", "≤ 1.3 (issue 44)", (v) => v <= 1.3);
  for (const [what, key] of [
    ["CPU of the process (the second sync, queries, clean-up too) ÷ S1's", "cpuMs"],
    ["CPU of the full sync alone ÷ S1's process", "fullCpuMs"],
  ])
    add(sync, what, pairedRatio(scenarios, "SYNC", key, "S1", "cpuMs"), "×", "≤ 1.5 (issue 44)", (v) => v <= 1.5);
  add(sync, "requests of the full sync", stat("SYNC", "fullRequests"), "");
  add(sync, "peak RSS of the full sync", stat("SYNC", "fullPeakRssMiB"), "MiB");
  add(sync, "one study revised: the second sync", stat("SYNC", "incrementalMs"), "s");
  add(sync, "requests of the second sync (the study's pages + the lookup)", stat("SYNC", "incrementalRequests"), "");
  add(sync, "second / full sync, time", stat("SYNC", "timeRatio"), "×", "≤ 0.05 (issue 34)", (v) => v <= 0.05);

  for (const [mode, how] of [
    ["cjs", "require"],
    ["esm", "import"],
  ]) {
    add(
      `first frame, ${FIRST_LABEL}`,
      `process start → frame (${how}, danfo's load included)`,
      stat(`first-${mode}`, "wallMs"),
      "s",
      "≤ 0.58 s (Python SDK, its import included)",
      (v) => v <= 580,
    );
  }
  add(`first frame, ${FIRST_LABEL}`, "of which: process start → package imported (require)", stat("first-cjs", "importedMs"), "ms");
  add(
    `first frame, ${FIRST_LABEL}`,
    "call → frame with danfo already loaded",
    stat("first-danfo-loaded", "wallMs"),
    "s",
    "0.50 s (Python SDK, same)",
  );

  add("import", 'require("fountframe") (CJS), cold', stat("import-cjs", "loadMs"), "ms");
  add("import", 'import("fountframe") (ESM), cold', stat("import-esm", "loadMs"), "ms");
  add("import", 'require("danfojs-node"), cold, for comparison', stat("import-danfojs-node", "loadMs"), "ms");
  add("import", 'require("axios") alone, cold (the package needs it)', stat("import-axios", "loadMs"), "ms");
  add("import", 'require("zod") alone, cold (the package needs it)', stat("import-zod", "loadMs"), "ms");
  const importIds = ["import-cjs", "import-esm"].filter((id) => scenarios[id]);
  if (importIds.length) {
    const loaded = importIds.reduce(
      (sum, id) => sum + scenarios[id].runs.reduce((n, run) => n + (run.danfoModules ?? 0) + (run.tfjsModules ?? 0), 0),
      0,
    );
    lines.push(`| import | danfo / tfjs modules loaded by importing the package | ${loaded} | | 0 | ${loaded === 0 ? "yes" : "no"} |`);
  }

  const header = [
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGiB} GiB, Node ${machine.node}, ${machine.os}; ${machine.date.slice(0, 10)}, ${mode} run` +
      `${machine.commit ? `, commit ${machine.commit}${machine.dirty ? " (uncommitted changes)" : ""}` : ""}; load average ${machine.loadBefore} before, ${results.loadAfter} after.`,
    "Emulator in its own process on 127.0.0.1, 20 ms latency per request; median of the runs, min–max beside it.",
    "",
    "| scenario | measure | median | min–max | target | met |",
    "|---|---|---|---|---|---|",
  ];
  const perScenario = [
    "",
    "Every scenario: wall time (its own measure: the call, the fetch, the frame, the load or the parse), CPU (user + sys) and peak RSS of its process; medians.",
    "",
    "| scenario | wall | CPU | peak RSS |",
    "|---|---|---|---|",
    ...Object.entries(scenarios).map(([id, scenario]) => {
      const pick = (...keys) => keys.map((key) => scenario.stats?.[key]?.median).find((value) => value !== undefined);
      const wall = pick("wallMs", "fetchMs", "recordsToFrameMs", "loadMs", "parseMs");
      const cpu = pick("cpuMs");
      const rss = pick("peakRssMiB");
      return `| ${id} | ${wall === undefined ? "" : `${seconds(wall)} s`} | ${cpu === undefined ? "" : `${seconds(cpu)} s`} | ${rss === undefined ? "" : `${rss.toFixed(0)} MiB`} |`;
    }),
  ];
  return [...header, ...lines, ...perScenario].join("\n");
}
