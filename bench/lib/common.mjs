// Shared by the bench's child processes: where the built library is, how a child reports.
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const REPO_DIR = resolve(BENCH_DIR, "..");
/** The built package (`npm run bench` builds it first); FOUNTFRAME_DIST points elsewhere. */
export const DIST_DIR = process.env.FOUNTFRAME_DIST ? resolve(process.env.FOUNTFRAME_DIST) : join(REPO_DIR, "dist");
export const require = createRequire(join(REPO_DIR, "package.json"));

export const RESULT_TAG = "BENCH_RESULT ";
export const TOKEN = "bench-token";
export const MiB = 1024 * 1024;

/** The package as a user's require() gets it. */
export function loadLibrary() {
  return require(join(DIST_DIR, "index.cjs"));
}

/**
 * The frame module's internal steps (flattenRecords, toColumnTable, tableToFrame), which the package
 * does not export: compiled from src/ by tsx, for the S3 breakdown only.
 */
export async function loadFrameSteps() {
  const { require: tsxRequire } = await import("tsx/cjs/api");
  // flattenRecords as the endpoint shapes it (src/rows), the later steps from src/frame
  return {
    ...tsxRequire("../../src/frame/finishTable.ts", import.meta.url),
    ...tsxRequire("../../src/frame/recordsToFrame.ts", import.meta.url),
    ...tsxRequire("../../src/rows/rowShape.ts", import.meta.url),
  };
}

/** The emulator's own entry point, as `require("fountframe/emulator")` gets it. */
export function loadEmulator() {
  return require(join(DIST_DIR, "emulator.cjs"));
}

/** The child's configuration, handed over by run.mjs as JSON in argv[2]. */
export function childConfig() {
  return JSON.parse(process.argv[2] ?? "{}");
}

export const now = () => performance.now();

/** Peak resident set size of this process so far, MiB (Linux reports maxRSS in KiB). */
export const peakRssMiB = () => process.resourceUsage().maxRSS / 1024;

/** Live heap after a full collection (needs --expose-gc), MiB: what the program still holds. */
export function settledMemory() {
  if (typeof globalThis.gc === "function") {
    globalThis.gc();
    globalThis.gc();
  }
  const usage = process.memoryUsage();
  return {
    heapMiB: usage.heapUsed / MiB,
    externalMiB: (usage.external + usage.arrayBuffers) / MiB,
    rssMiB: usage.rss / MiB,
  };
}

/** Reports the child's figures to run.mjs and ends the process (sockets left open do not matter). */
export function report(result) {
  const cpu = process.cpuUsage();
  const line = RESULT_TAG + JSON.stringify({ ...result, peakRssMiB: peakRssMiB(), cpuMs: (cpu.user + cpu.system) / 1000 });
  process.stdout.write(`${line}\n`, () => process.exit(0));
}

/** Runs a child's main; any failure is printed and exits 1, which run.mjs reports as a crash. */
export function main(fn) {
  fn().catch((error) => {
    console.error(error?.stack ?? error);
    process.exit(1);
  });
}

/** brandscapeData's query for a pull: every study (each row once), optionally fewer metric columns. */
export function pullOptions(config) {
  const options = { studies: config.studyIds };
  if (config.metricKeys) options.metricKeys = config.metricKeys;
  if (config.fields) options.fields = config.fields;
  if (config.include) options.include = config.include;
  if (config.perPage) options.perPage = config.perPage;
  return options;
}

/** The wire parameters the client sends for pullOptions (for the plain-fetch lower bound). */
export function wireParams(config, page, perPage = config.perPage ?? 100) {
  const params = new URLSearchParams();
  params.set("filter[studies]", config.studyIds.join(","));
  if (config.include !== "no_default") params.set("include", "brand,study,category,audience");
  if (config.metricKeys) params.set("metric_keys", config.metricKeys.join(","));
  if (config.fields) params.set("fields[brandscape_data]", config.fields.join(","));
  params.set("page", String(page));
  params.set("per_page", String(perPage));
  return params;
}

/** meta.total of the pull's query, asked after the measured part with one small plain request. */
export async function metaTotal(config) {
  const params = wireParams(config, 1, 1);
  const response = await fetch(`${config.url}brandscape-data?${params}`, {
    headers: { Authorization: `Bearer ${TOKEN}`, Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`meta.total: status ${response.status}`);
  return (await response.json()).meta.total;
}
