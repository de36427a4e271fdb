// The emulator in a process of its own, so serving does not compete with the measured client for
// its event loop. Prints one READY line with { url, studyIds }, then answers "reset" and "stats"
// lines on stdin; exits when stdin closes. Warmed up before READY so measured pages do not pay its JIT.
import { childConfig, loadEmulator, TOKEN } from "./common.mjs";

const config = childConfig();
const { startEmulator } = loadEmulator();
let latencyMs = 0; // none while warming up
const emulator = await startEmulator({
  port: 0,
  rateLimit: config.rateLimit ?? false,
  latencyMs: () => latencyMs,
  scale: config.scale,
});
const headers = { Authorization: `Bearer ${TOKEN}`, Accept: "application/json" };
const get = async (path) => {
  const response = await fetch(emulator.url + path, { headers });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return JSON.parse(await response.text());
};

const studies = await get("studies?filter[released]=1&per_page=1000");
if (studies.meta.last_page !== 1) throw new Error("more than 1000 released studies: page through them");
const studyIds = studies.data.map((study) => study.id);

const warm = new URLSearchParams({ "filter[studies]": studyIds.join(","), per_page: "100" });
if (config.include !== "no_default") warm.set("include", "brand,study,category,audience");
if (config.metricKeys) warm.set("metric_keys", config.metricKeys.join(","));
if (config.fields) warm.set("fields[brandscape_data]", config.fields.join(","));
const warmupPages = config.warmupPages ?? 40;
for (let done = 0; done < warmupPages; done += 10) {
  await Promise.all(
    Array.from({ length: 10 }, (_, i) => {
      const params = new URLSearchParams(warm);
      params.set("page", String(1 + done + i));
      return get(`brandscape-data?${params}`);
    }),
  );
}

latencyMs = config.latencyMs ?? 0;
emulator.setFaults(config.faults ?? []);
let cpuMark = process.cpuUsage();
emulator.resetStats();
process.stdout.write(`READY ${JSON.stringify({ url: emulator.url, studyIds })}\n`);

// commands on stdin, one a line: "reset" (counts from zero) and "stats"; stdin's end stops it
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  pending += chunk;
  let at;
  while ((at = pending.indexOf("\n")) >= 0) {
    const command = pending.slice(0, at).trim();
    pending = pending.slice(at + 1);
    if (command === "reset") {
      emulator.resetStats();
      cpuMark = process.cpuUsage();
      process.stdout.write("RESET\n");
    } else if (command === "stats") {
      const { requests, maxInFlight, log } = emulator.stats;
      const cpu = process.cpuUsage(cpuMark);
      const rateLimited = log.filter((entry) => entry.status === 429).length;
      process.stdout.write(`STATS ${JSON.stringify({ requests, maxInFlight, rateLimited, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
    }
  }
});
process.stdin.on("end", async () => {
  await emulator.close();
  process.exit(0);
});
