#!/usr/bin/env node
// `npm run profile -- <scenario>`: one bench scenario run under node --cpu-prof, against the same
// emulator (a process of its own), and the ten functions that took the most CPU themselves.
//
//   node bench/profile.mjs <scenario id, e.g. S1, S1-64, LINK, S1-main> [--quick] [--top N]
//
// The profiles (.cpuprofile, one a thread: the decode workers write their own) go to bench/out/profiles/;
// open them in Chrome DevTools (Performance) or speedscope. Self time is summed by function and
// place over every thread of the run, and printed with each thread's own total.
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { BENCH_DIR, DIST_DIR, REPO_DIR } from "./lib/common.mjs";
import { plan, runProcess, startEmulatorChild } from "./run.mjs";

const HELP = "usage: node bench/profile.mjs <scenario id: S1, S1-64, LINK, S1-64-main, ...> [--quick] [--top N]";

function parseArgs(argv) {
  const options = { id: undefined, quick: false, top: 10 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--quick") options.quick = true;
    else if (argv[i] === "--top") options.top = Number(argv[++i]);
    else if (argv[i] === "-h" || argv[i] === "--help") {
      console.log(HELP);
      process.exit(0);
    } else if (options.id === undefined) options.id = argv[i];
    else throw new Error(`unexpected argument ${argv[i]}\n${HELP}`);
  }
  if (!options.id) throw new Error(HELP);
  if (!(Number.isInteger(options.top) && options.top > 0)) throw new Error("--top must be a positive integer");
  return options;
}

/** Self time (ms) by function and place, from one .cpuprofile: each sample's interval goes to the node it hit. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    // a sample's delta is the time since the one before: it belongs to the previous sample
    const ms = (timeDeltas[i + 1] ?? 0) / 1000;
    const { callFrame } = byId.get(samples[i]);
    const name = callFrame.functionName || "(anonymous)";
    const where = callFrame.url ? `${callFrame.url.replace(/^file:\/\//, "").replace(`${REPO_DIR}/`, "")}:${callFrame.lineNumber + 1}` : "";
    const key = `${name}\t${where}`;
    times.set(key, (times.get(key) ?? 0) + ms);
  }
  return times;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const job = plan(options.quick).find((candidate) => candidate.id.toUpperCase() === options.id.toUpperCase());
  if (!job)
    throw new Error(
      `no scenario ${options.id}; one of: ${plan(options.quick)
        .map((candidate) => candidate.id)
        .join(", ")}`,
    );
  const dir = join(BENCH_DIR, "out", "profiles", job.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  const config = { ...job.config, latencyMs: job.emulator?.latencyMs ?? 0 };
  const emulator = job.emulator ? await startEmulatorChild(job.emulator) : undefined;
  try {
    if (emulator) Object.assign(config, { url: emulator.url, studyIds: emulator.studyIds });
    const args = ["--cpu-prof", `--cpu-prof-dir=${dir}`, ...job.flags, join(BENCH_DIR, "scenarios", job.script), JSON.stringify(config)];
    const outcome = await runProcess(args).done;
    if (outcome.code !== 0) throw new Error(`${job.id} exited with ${outcome.code}:\n${outcome.stderr}`);
  } finally {
    await emulator?.stop();
  }

  const files = readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"));
  const total = new Map();
  let allMs = 0;
  console.log(
    `${job.id} (${options.quick ? "quick" : "full"} size, ${relative(REPO_DIR, DIST_DIR)}): ${files.length} profile(s) in ${relative(process.cwd(), dir)}`,
  );
  for (const file of files) {
    const times = selfTimes(JSON.parse(readFileSync(join(dir, file), "utf8")));
    let threadMs = 0;
    for (const [key, ms] of times) {
      total.set(key, (total.get(key) ?? 0) + ms);
      threadMs += ms;
    }
    allMs += threadMs;
    console.log(`  ${file}: ${(threadMs / 1000).toFixed(2)} s sampled`);
  }
  // a thread waiting (for I/O, or a worker for its next task) is not work: left out of the shares
  const waiting = (key) => key.startsWith("(idle)\t") || key.startsWith("atomicsWaitLoop\t");
  const waitMs = [...total].filter(([key]) => waiting(key)).reduce((sum, [, ms]) => sum + ms, 0);
  const busyMs = allMs - waitMs;
  const top = [...total]
    .filter(([key]) => !waiting(key))
    .sort((a, b) => b[1] - a[1])
    .slice(0, options.top);
  console.log(
    `\ntop ${top.length} by self time, every thread: ${(busyMs / 1000).toFixed(2)} s busy (% of it), ${(waitMs / 1000).toFixed(2)} s waiting left out. On a loaded machine a thread's samples include time it waited for a core.`,
  );
  console.log("| self ms | % | function | where |\n|---|---|---|---|");
  for (const [key, ms] of top) {
    const [name, where] = key.split("\t");
    console.log(`| ${ms.toFixed(0)} | ${((100 * ms) / busyMs).toFixed(1)} | ${name} | ${where} |`);
  }
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
