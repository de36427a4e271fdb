#!/usr/bin/env node
// `npm run bench`: fountframe's speed and memory against the emulator on 127.0.0.1.
//
//   node bench/run.mjs [--quick] [--only S1,S3] [--reps N] [--out bench/results.json]
//
// --quick (npm test) prints three lines; its table and log go to bench/results-quick.md.
// Every scenario run is a child process of its own (so its peak RSS is its own), the emulator
// another (so serving does not share the measured client's event loop). Each scenario is repeated
// (twice, the slowest and steadiest once; --quick once, with small sizes) and reported as median
// and min–max (the median of two is their mean), written to
// bench/results.json with the machine's facts, and printed as a Markdown table. Nothing about time
// is asserted; a scenario that crashes or loses or duplicates rows fails the run (exit 1).
// FOUNTFRAME_DIST=<dir> measures another build than dist/.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import cacache from "cacache";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { BENCH_DIR, DIST_DIR, REPO_DIR, RESULT_TAG } from "./lib/common.mjs";
import { aggregate, summaryTable } from "./lib/summary.mjs";

const HELP = `usage: node bench/run.mjs [--quick] [--only S1,S3,...] [--reps N] [--out FILE]
  --quick   one repetition, small sizes (CI); asserts nothing about time; prints a short
            summary, the table and log in the results file's .md beside it
  --only    scenario groups: import, first, S1, S2, S3, S4, S5, S6, S7, S8, S9, S9W, FLOOR, LINK, SYNC, SYNC-thin, SYNC-wide
  --reps    repetitions per scenario (default 2, some 1; quick 1)
  --out     results file (default bench/results.json, --quick bench/results-quick.json)`;

function parseArgs(argv) {
  const options = { quick: false, only: null, reps: null, out: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === "--quick") options.quick = true;
    else if (arg.startsWith("--only"))
      options.only = value()
        .split(",")
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean);
    else if (arg.startsWith("--reps")) options.reps = Number(value());
    else if (arg.startsWith("--out")) options.out = value();
    else if (arg === "--help" || arg === "-h") {
      console.log(HELP);
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}\n${HELP}`);
  }
  // a quick run (npm test, CI) never overwrites the full run's figures
  options.out ??= join(BENCH_DIR, options.quick ? "results-quick.json" : "results.json");
  if (options.reps !== null && !(Number.isInteger(options.reps) && options.reps > 0)) throw new Error("--reps must be a positive integer");
  return options;
}

/** Metric keys that bring a brandscape frame (default includes and the sector) to 64 columns; checked by S1-64. */
export const NARROW_METRIC_KEYS = [
  "differentiation",
  "relevance",
  "esteem",
  "knowledge",
  "energy",
  "brand_strength",
  "brand_stature",
  "familiarity",
  "consideration",
];
export const NARROW_COLUMNS = 64;
/** S5's 64 columns: the 10 metadata columns, the first 52 metric columns (differentiation_c … authentic_c) and the sector the service always includes. */
export const STREAM_FIELDS = [
  "id",
  "study_id",
  "country_id",
  "year_id",
  "brand_id",
  "category_id",
  "audience_id",
  "brand_name",
  "category_name",
  "is_duplicate",
  ...["differentiation", "relevance", "esteem", "knowledge", "energy"].flatMap((key) => [`${key}_c`, `${key}_rank`]),
  ...["brand_strength", "brand_stature"].flatMap((key) => [`${key}_c`, `${key}_rank`, `${key}_brandscape_index`, `${key}_category_index`]),
  ...["familiarity", "consideration", "trial", "regular_usage", "preference", "recommendation", "loyalty"].flatMap((key) => [
    `${key}_rank`,
    `${key}_pct`,
    `${key}_brandscape_index`,
    `${key}_category_index`,
  ]),
  ...["arrogant_c", "arrogant_rank", "arrogant_pct", "arrogant_brandscape_index", "arrogant_category_index"],
  "authentic_c",
];
const LATENCY_MS = 20;
/**
 * LINK: the service as a user meets it, 100 ms away over 20 MB/s, compressing, at its default
 * 500 requests a minute (an emulator of its own each run, so each run has a fresh minute's budget)
 */
const REAL_LINK = { latencyMs: 100, bandwidth: 20_000_000, compression: true, rateLimit: 500 };
/** the service's largest page: the fewest requests a pull can make */
const MAX_PER_PAGE = 1000;
/** Removes the frames' kept columns from the cache, leaving the responses (S8-responses). */
async function dropColumns(dir) {
  const entries = await cacache.ls(dir);
  for (const { key } of Object.values(entries)) if (key.includes("fountframe[columns]")) await cacache.rm.entry(dir, key);
}

/** S8's cache directory, removed before and after a run. */
const CACHE_DIR = join(os.tmpdir(), `fountframe-bench-cache-${process.pid}`);
/** The small pull of the "process start → frame" figure: 5,000 rows × 64 columns. */
const FIRST_FRAME_ROWS = 5_000;
const IN_FLIGHT = 20; // the client's default batchSize × nWorkers

/** Sizes and repetitions: the full run, and --quick for CI (small, one repetition, well under a minute). */
const SIZES = {
  full: {
    rows: 100_000,
    s3Rows: 100_000,
    s3WideRows: 20_000,
    stream: [250_000, 1_000_000],
    columnarStream: [1_000_000],
    syncThin: [100_000, 1_000_000],
    sweepPages: 100,
    sweepPagesAtOne: 30,
    rateLimits: 3,
    warmupPages: 40,
  },
  quick: {
    rows: 10_000,
    s3Rows: 10_000,
    s3WideRows: 2_000,
    stream: [20_000],
    columnarStream: [],
    syncThin: [],
    sweepPages: 20,
    sweepPagesAtOne: 10,
    rateLimits: 1,
    warmupPages: 10,
  },
};

/**
 * Every scenario run: a child script, its config, and the emulator it talks to. `reps` (full run
 * only) lowers the repetitions of the slowest, steadiest figures so the full run stays within minutes.
 */
export function plan(quick) {
  const size = quick ? SIZES.quick : SIZES.full;
  const narrow = { metricKeys: NARROW_METRIC_KEYS };
  const pullEmulator = { scale: size.rows, latencyMs: LATENCY_MS, warmupPages: size.warmupPages };
  const jobs = [];
  const add = (job) => jobs.push({ flags: [], reps: null, ...job });

  for (const mode of ["cjs", "esm", "module:danfojs-node", "module:axios", "module:zod"]) {
    add({ id: `import-${mode.replace("module:", "")}`, group: "IMPORT", script: "import.mjs", config: { mode } });
  }
  for (const [suffix, width] of [
    ["", {}],
    ["-64", narrow],
  ]) {
    const emulator = { ...pullEmulator, ...width };
    add({ id: `S2${suffix}`, group: "S2", script: "fetch.mjs", emulator, config: { ...width, inFlight: IN_FLIGHT } });
    add({
      id: `S2${suffix}-http`,
      group: "S2",
      script: "fetch.mjs",
      emulator,
      config: { ...width, inFlight: IN_FLIGHT, transport: "http" },
      reps: 1,
    });
    add({ id: `S1${suffix}`, group: "S1", script: "pull.mjs", emulator, config: { ...width } });
    add({ id: `S1${suffix}-split`, group: "S1", script: "split.mjs", flags: ["--expose-gc"], emulator, config: { ...width }, reps: 1 });
    // the parse floor of the same pages: fetched first, then only text + JSON.parse timed
    add({ id: `FLOOR${suffix}`, group: "FLOOR", script: "floor.mjs", flags: ["--expose-gc"], emulator, config: { ...width } });
    // the quick run (CI) keeps the narrow one: the wide one's warm-up compresses every page first
    if (!quick || suffix)
      add({
        id: `LINK${suffix}`,
        group: "LINK",
        script: "pull.mjs",
        emulator: { scale: size.rows, warmupPages: size.warmupPages, ...width, ...REAL_LINK, private: true },
        config: { ...width },
      });
    // the same call with every page decoded on the main thread (threads: 0), for comparison
    add({
      id: `S1${suffix}-main`,
      group: "S1",
      script: "pull.mjs",
      emulator,
      config: { ...width, clientOptions: { threads: 0 } },
      reps: 1,
    });
  }
  // S3: 100,000 records at 64 columns, and the documented width on 20,000 records (about as many
  // cells; 100,000 wide records take minutes and 4 GB today). It measures time: a bigger heap so
  // that holding the records and a frame at once never ends it.
  const s3Flags = ["--expose-gc", "--max-old-space-size=16384"];
  const s3Emulator = { scale: size.s3Rows, latencyMs: 0, warmupPages: size.warmupPages, ...narrow };
  add({ id: "S3", group: "S3", script: "frame.mjs", flags: s3Flags, emulator: s3Emulator, config: { ...narrow } });
  add({
    id: "S3-wide",
    group: "S3",
    script: "frame.mjs",
    flags: s3Flags,
    emulator: { scale: size.s3WideRows, latencyMs: 0, warmupPages: size.warmupPages },
    config: {},
  });
  add({ id: "S3-stack", group: "S3", script: "frame.mjs", flags: s3Flags, emulator: s3Emulator, config: { ...narrow, stack: true } });
  for (const [suffix, width] of [
    ["", {}],
    ["-64", narrow],
  ]) {
    add({
      id: `S4${suffix}`,
      group: "S4",
      script: "sweep.mjs",
      emulator: { ...pullEmulator, ...width },
      reps: 1,
      config: { ...width, levels: [1, 5, 20, 50], pages: size.sweepPages, pagesAtOne: size.sweepPagesAtOne },
    });
  }
  // S5 streams thin rows: the metadata and the first 52 metric columns, no includes but the sector (64 columns, ~0.45 KB
  // of JSON a row instead of 2.2 KB with the default includes), so a million rows stay within minutes
  const thin = { fields: STREAM_FIELDS, include: "no_default" };
  for (const rows of size.stream) {
    add({
      id: `S5-${rows / 1000}k`,
      group: "S5",
      script: "stream.mjs",
      reps: rows >= 1_000_000 ? 1 : null,
      emulator: { scale: rows, latencyMs: LATENCY_MS, warmupPages: size.warmupPages, ...thin },
      config: { ...thin },
    });
  }
  add({
    id: "S6",
    group: "S6",
    script: "pull.mjs",
    emulator: { ...pullEmulator, faults: faultPlan(size.rows / 100, size.rateLimits) },
    config: {},
  });
  // S7: the pull at 64 columns against the service's default limit of 500 requests a minute (an
  // emulator of its own each run, so each run starts with what is left of a fresh minute)
  add({
    id: "S7",
    group: "S7",
    script: "pull.mjs",
    emulator: { ...pullEmulator, ...narrow, rateLimit: 500, private: true },
    config: { ...narrow },
  });
  // S9: S1's rows at S5's 64 columns streamed to Parquet, and the same to CSV and Arrow for comparison
  for (const format of ["parquet", "csv", "arrow", "partitioned"]) {
    add({
      id: `S9-${format}`,
      group: "S9",
      script: "columnar.mjs",
      emulator: { scale: size.rows, latencyMs: LATENCY_MS, warmupPages: size.warmupPages, ...thin },
      config: { ...thin, format },
    });
  }
  // S9W: S1's own pull (100,000 rows × 372 columns) streamed from client.pages to CSV, Parquet and Arrow, beside S1 (run with --only S1,S9W)
  for (const format of ["csv", "parquet", "arrow"]) {
    add({ id: `S9W-${format}`, group: "S9W", script: "columnar.mjs", emulator: pullEmulator, config: { format }, reps: 1 });
  }
  // S9 at S5's largest size, one file and partitioned: the streamed write's memory must not grow with the pull
  for (const rows of size.columnarStream) {
    for (const format of ["parquet", "partitioned"]) {
      add({
        id: `S9-${format}-${rows / 1000}k`,
        group: "S9",
        script: "columnar.mjs",
        reps: 1,
        emulator: { scale: rows, latencyMs: LATENCY_MS, warmupPages: size.warmupPages, ...thin },
        config: { ...thin, format },
      });
    }
  }
  // SYNC: the pull synced into a DuckDB store, then one study revised and synced again (an emulator of
  // its own: the revision changes its data)
  add({
    id: "SYNC",
    group: "SYNC",
    alsoIn: "SYNC-WIDE",
    script: "sync.mjs",
    emulator: { ...pullEmulator, private: true },
    config: {},
    reps: 1,
  });
  // the same at two sizes of S5's thin rows: a sync's memory must not grow with the rows (1M within 1.1 x 100k)
  for (const rows of size.syncThin) {
    add({
      id: `SYNC-thin-${rows / 1000}k`,
      group: "SYNC",
      // --only SYNC-thin runs these two alone, --only SYNC-wide the wide one (it takes a third of the group's minutes)
      alsoIn: "SYNC-THIN",
      script: "sync.mjs",
      reps: 1,
      timeoutMs: 40 * 60_000,
      emulator: { scale: rows, latencyMs: LATENCY_MS, warmupPages: size.warmupPages, ...thin, private: true },
      config: { ...thin },
    });
  }
  // S8: S1 with an on-disk cache, filled by one run (S8-fill) and read by the next (S8: from the
  // frame's kept columns; S8-responses: from the responses, as before columns were kept)
  const cache = { cache: { dir: CACHE_DIR } };
  add({ id: "S8-fill", group: "S8", script: "pull.mjs", emulator: pullEmulator, config: { clientOptions: cache }, emptyCacheFirst: true });
  add({ id: "S8", group: "S8", script: "pull.mjs", emulator: pullEmulator, config: { clientOptions: cache } });
  // the same re-pull with the kept columns dropped first: every page read back from its response
  add({
    id: "S8-responses",
    group: "S8",
    script: "pull.mjs",
    emulator: pullEmulator,
    config: { clientOptions: cache },
    dropColumnsFirst: true,
  });
  // process start → frame of a small pull, each mode a fresh process; repeated more, being short
  const firstEmulator = { scale: FIRST_FRAME_ROWS, latencyMs: LATENCY_MS, warmupPages: size.warmupPages, ...narrow };
  for (const mode of ["cjs", "esm", "danfo-loaded"]) {
    add({ id: `first-${mode}`, group: "FIRST", script: "firstFrame.mjs", emulator: firstEmulator, config: { ...narrow, mode }, reps: 5 });
  }
  return jobs;
}

/** S6: 2% of the pages answer 503 twice before they succeed; a few pages (three) answer 429 once. */
export function faultPlan(pages, rateLimits = 3) {
  const faults = [];
  const failing = Math.max(1, Math.round(pages * 0.02));
  for (let i = 0; i < failing; i++) {
    const page = 2 + Math.floor(((i + 0.5) * (pages - 1)) / failing);
    faults.push({ resource: "brandscape-data", page, kind: "status", status: 503, times: 2 });
  }
  for (let i = 1; i <= rateLimits; i++) {
    const share = i / (rateLimits + 1);
    faults.push({
      resource: "brandscape-data",
      page: Math.max(2, Math.round(pages * share) + 1),
      kind: "rateLimit",
      retryAfter: 1,
      times: 1,
    });
  }
  return faults;
}

const CHILD_TIMEOUT_MS = 10 * 60_000;

/**
 * Runs node with `args` in a child process: { child, done }, done resolving to { code, stdout, stderr, ms }.
 * A scenario is killed after CHILD_TIMEOUT_MS; an emulator (`timeoutMs: null`) lives until stopped.
 */
export function runProcess(args, { input = false, onLine, timeoutMs = CHILD_TIMEOUT_MS } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: REPO_DIR, stdio: [input ? "pipe" : "ignore", "pipe", "pipe"] });
  const done = new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    let pending = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      stdout += chunk;
      pending += chunk;
      let at;
      while ((at = pending.indexOf("\n")) >= 0) {
        onLine?.(pending.slice(0, at));
        pending = pending.slice(at + 1);
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-20_000);
    });
    const timer =
      timeoutMs === null
        ? undefined
        : setTimeout(() => {
            stderr += `\n[bench] killed after ${timeoutMs / 1000} s`;
            child.kill("SIGKILL");
          }, timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal, stdout, stderr, ms: performance.now() - started });
    });
  });
  return { child, done };
}

/** An emulator child: { url, studyIds, command(line) → the answer line's JSON, stop() }. */
export function startEmulatorChild(options) {
  return new Promise((resolve, reject) => {
    let ready = false;
    let exited = false;
    const waiting = []; // resolvers of commands, answered in order
    const { child, done } = runProcess([join(BENCH_DIR, "lib", "emulator.mjs"), JSON.stringify(options)], {
      input: true,
      timeoutMs: null, // shared by scenarios for the whole run, which takes longer than one scenario may
      onLine(line) {
        if (line.startsWith("READY ")) {
          ready = true;
          resolve({
            ...JSON.parse(line.slice(6)),
            /** The answer, or undefined once the emulator has exited (never a promise left pending). */
            command(name) {
              if (exited) return Promise.resolve(undefined);
              return new Promise((answer) => {
                waiting.push(answer);
                child.stdin.write(`${name}\n`);
              });
            },
            get exited() {
              return exited;
            },
            async stop() {
              child.stdin.end();
              const outcome = await done;
              if (outcome.code !== 0) throw new Error(`the emulator exited with ${outcome.code}:\n${outcome.stderr}`);
            },
          });
        } else if (line.startsWith("STATS ")) waiting.shift()?.(JSON.parse(line.slice(6)));
        else if (line === "RESET") waiting.shift()?.({});
      },
    });
    child.stdin.on("error", () => {}); // a write after the emulator died: `done` reports it
    done.then((outcome) => {
      exited = true;
      if (!ready) reject(new Error(`the emulator did not start (exit ${outcome.code}):\n${outcome.stderr}`));
      else if (!child.stdin.writableEnded)
        process.stderr.write(
          `[bench] the emulator exited unexpectedly (${outcome.code}):\n${outcome.stderr.trim().split("\n").slice(-15).join("\n")}\n`,
        );
      for (const answer of waiting.splice(0)) answer(undefined);
    });
  });
}

/**
 * Emulators are shared by the scenarios that ask for the same one (a long-running service, as the
 * real one is; its counts are reset before each run). One with faults is a scenario's own, since
 * running spends its faults.
 */
class EmulatorPool {
  #running = new Map();

  async acquire(options) {
    if (options.faults?.length || options.private) {
      const emulator = await startEmulatorChild(options);
      return { emulator, release: () => emulator.stop() };
    }
    const key = JSON.stringify(options);
    let starting = this.#running.get(key);
    if (!starting) {
      starting = startEmulatorChild(options);
      this.#running.set(key, starting);
      starting.catch(() => this.#running.delete(key));
    }
    const emulator = await starting;
    if ((await emulator.command("reset")) === undefined) {
      this.#running.delete(key); // it died: the next scenario gets a new one
      return this.acquire(options);
    }
    return { emulator, release: async () => {} };
  }

  async stopAll() {
    const all = [...this.#running.values()];
    this.#running.clear();
    await Promise.allSettled(all.map(async (starting) => (await starting).stop()));
  }
}

const emulators = new EmulatorPool();

async function runJob(job) {
  let lease;
  try {
    const config = { ...job.config, latencyMs: job.emulator?.latencyMs ?? 0 };
    if (job.emulator) {
      lease = await emulators.acquire(job.emulator);
      Object.assign(config, { url: lease.emulator.url, studyIds: lease.emulator.studyIds });
    }
    const outcome = await runProcess([...job.flags, join(BENCH_DIR, "scenarios", job.script), JSON.stringify(config)], {
      ...(job.timeoutMs ? { timeoutMs: job.timeoutMs } : {}),
    }).done;
    const line = outcome.stdout.split("\n").find((l) => l.startsWith(RESULT_TAG));
    if (outcome.code !== 0 || !line) {
      return { crashed: true, problems: [`exit ${outcome.code}: ${outcome.stderr.trim().split("\n").slice(-15).join("\n")}`] };
    }
    const result = JSON.parse(line.slice(RESULT_TAG.length));
    if (lease) {
      const stats = await lease.emulator.command("stats");
      result.emulatorRequests = stats?.requests;
      result.emulatorCpuMs = stats?.cpuMs;
      result.emulatorRateLimited = stats?.rateLimited;
      result.emulatorBytes = stats?.bytesSent;
      if (job.emulator.bandwidth && typeof result.total === "number" && typeof stats?.bytesSent === "number") {
        Object.assign(result, linkLimit(job.emulator, result.total, stats.bytesSent));
      }
    }
    return result;
  } catch (error) {
    return { crashed: true, problems: [String(error?.stack ?? error)] };
  } finally {
    await lease?.release().catch(() => {});
  }
}

/**
 * The fastest a pull can be over the link: every byte the emulator sent (compressed) at the link's
 * bandwidth, plus the round trips no client can avoid: the first page (which says how many there
 * are), then the fewest pages (1,000 records each) IN_FLIGHT at a time. The rate budget (500 a
 * minute) holds them all, so it adds no wait.
 */
function linkLimit(link, total, bytesSent) {
  const fewestPages = Math.max(1, Math.ceil(total / MAX_PER_PAGE));
  const roundTrips = 1 + Math.ceil((fewestPages - 1) / IN_FLIGHT);
  const transferMs = (bytesSent / link.bandwidth) * 1000;
  return { linkTransferMs: transferMs, linkRoundTrips: roundTrips, linkLimitMs: transferMs + roundTrips * link.latencyMs };
}

function machineFacts() {
  const cpus = os.cpus();
  let commit = null;
  let dirty = null;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: REPO_DIR,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    dirty =
      execFileSync("git", ["status", "--porcelain"], { cwd: REPO_DIR, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() !==
      "";
  } catch {
    // not a git checkout
  }
  return {
    cpu: cpus[0]?.model?.trim() ?? "unknown",
    cores: cpus.length,
    ramGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    v8: process.versions.v8,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadBefore: os.loadavg()[0].toFixed(2), // other work on the machine skews every figure
    date: new Date().toISOString(),
    commit,
    dirty,
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(join(DIST_DIR, "index.cjs"))) {
    throw new Error(`${relative(REPO_DIR, DIST_DIR) || DIST_DIR}/index.cjs is missing: build first (npm run bench builds)`);
  }
  let jobs = plan(options.quick);
  if (options.only) {
    const selected = (job, group) => job.group === group || job.alsoIn === group;
    const unknown = options.only.filter((group) => !jobs.some((job) => selected(job, group)));
    if (unknown.length)
      throw new Error(
        `--only: unknown scenario ${unknown.join(", ")} (import, first, S1, S2, S3, S4, S5, S6, S7, S8, S9, S9W, FLOOR, LINK, SYNC, SYNC-thin, SYNC-wide)`,
      );
    jobs = jobs.filter((job) => options.only.some((group) => selected(job, group)));
  }
  for (const job of jobs) job.reps = options.reps ?? (options.quick ? 1 : (job.reps ?? 2));
  const maxReps = Math.max(...jobs.map((job) => job.reps));

  const machine = machineFacts();
  if (Number(machine.loadBefore) > 0.5)
    process.stderr.write(`[bench] load average ${machine.loadBefore}: other work on this machine will skew the figures\n`);
  const started = performance.now();
  const log = [];
  // a quick run keeps its per-scenario lines for the .md file, printing only trouble
  const report = (line, trouble) => {
    log.push(line);
    if (!options.quick || trouble) process.stderr.write(`${line}\n`);
  };
  const runs = Object.fromEntries(jobs.map((job) => [job.id, []]));
  // repetitions interleaved (every scenario once, then again), so a drift of the machine spreads over all
  for (let rep = 1; rep <= maxReps; rep++) {
    for (const job of jobs) {
      if (rep > job.reps) continue;
      // every fill starts from an empty cache: repetitions are interleaved, so S8 ran in between
      if (job.emptyCacheFirst) rmSync(CACHE_DIR, { recursive: true, force: true });
      if (job.dropColumnsFirst) await dropColumns(CACHE_DIR);
      const result = await runJob(job);
      runs[job.id].push(result);
      const wall = result.wallMs ?? result.fetchMs ?? result.recordsToFrameMs ?? result.loadMs ?? result.parseMs;
      const note = result.crashed
        ? `CRASHED\n${result.problems.join("\n")}`
        : result.problems?.length
          ? `PROBLEM: ${result.problems.join("; ")}`
          : "";
      report(
        `[bench] ${job.id} ${rep}/${job.reps}${wall !== undefined ? ` ${(wall / 1000).toFixed(2)} s` : ""}${result.cpuMs ? `, CPU ${(result.cpuMs / 1000).toFixed(2)} s` : ""}${result.peakRssMiB ? `, peak ${result.peakRssMiB.toFixed(0)} MiB` : ""} ${note}`,
        Boolean(note),
      );
    }
  }
  await emulators.stopAll();
  rmSync(CACHE_DIR, { recursive: true, force: true });
  const totalSeconds = (performance.now() - started) / 1000;

  const scenarios = {};
  for (const job of jobs)
    scenarios[job.id] = { group: job.group, script: job.script, config: job.config, emulator: job.emulator, ...aggregate(runs[job.id]) };
  const results = {
    mode: options.quick ? "quick" : "full",
    machine,
    settings: {
      latencyMs: LATENCY_MS,
      inFlight: IN_FLIGHT,
      realLink: REAL_LINK,
      narrowMetricKeys: NARROW_METRIC_KEYS,
      dist: relative(REPO_DIR, DIST_DIR) || DIST_DIR,
    },
    totalSeconds,
    loadAfter: os.loadavg()[0].toFixed(2),
    scenarios,
  };
  const table = summaryTable(results);
  results.table = table;
  writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);

  const failures = Object.entries(scenarios).flatMap(([id, s]) => s.problems.map((p) => `${id}: ${p}`));
  const done = `${Object.keys(scenarios).length} scenarios in ${totalSeconds.toFixed(0)} s; results in ${relative(process.cwd(), options.out)}`;
  if (options.quick) {
    const tableFile = options.out.replace(/\.json$/, "") + ".md";
    writeFileSync(tableFile, `${table}\n\n\`\`\`\n${log.join("\n")}\n\`\`\`\n`);
    console.log(`[bench] quick run (small sizes, one repetition: a smoke test, not figures to compare): ${done}`);
    console.log(
      `[bench] ${failures.length ? `${failures.length} problem(s), below` : "no crashes, no rows lost or duplicated"}; table and log: ${relative(process.cwd(), tableFile)}`,
    );
  } else {
    console.log(table);
    console.log(`\n${done}`);
  }
  if (failures.length) {
    console.error(`\n${failures.length} problem(s):\n${failures.join("\n")}`);
    process.exitCode = 1;
  }
}

// run as a program (not when bench/profile.mjs imports its plan)
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error?.stack ?? error);
    process.exit(1);
  });
}
