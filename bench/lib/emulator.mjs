// The emulator in a process of its own, so serving does not compete with the measured client for
// its event loop. Prints one READY line with { url, studyIds }, then answers "reset" and "stats"
// lines on stdin; exits when stdin closes. Warmed up before READY so measured pages do not pay its JIT.
import http from "node:http";
import { childConfig, loadEmulator, TOKEN, wireParams } from "./common.mjs";

const config = childConfig();
const { startEmulator } = loadEmulator();
let latencyMs = 0; // none while warming up
const emulator = await startEmulator({
  port: 0,
  rateLimit: config.rateLimit ?? false,
  latencyMs: () => latencyMs,
  scale: config.scale,
  bandwidth: config.bandwidth,
  compression: config.compression,
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

// a compressing emulator keeps each compressed answer: ask now, in the coding the client picks (br),
// for every page the pull will ask, so that the measured run's pages cost the emulator no compressing.
// Under a rate limit, the client asks pages of 100 when they fit the budget left and pages of 1,000
// after the first otherwise (largerPages.ts): warm the ones it will ask, spending as little budget.
if (config.compression) {
  const agent = new http.Agent({ keepAlive: true });
  const compressed = (path) =>
    new Promise((resolve, reject) => {
      http
        .get(emulator.url + path, { agent, headers: { ...headers, "Accept-Encoding": "br" } }, (response) => {
          response.resume().on("end", resolve).on("error", reject);
        })
        .on("error", reject);
    });
  const pull = { ...config, studyIds };
  const total = (await get(`brandscape-data?${wireParams(pull, 1, 1)}`)).meta.total;
  const pagesOf = (size) => Math.ceil(total / size);
  const spent = emulator.stats.requests;
  // warming the small pages spends as many requests as the client's pull will: both must fit
  const smallPagesFit = !config.rateLimit || spent + 2 * pagesOf(100) + 2 <= config.rateLimit;
  const paths = [`brandscape-data?${wireParams(pull, 1, 100)}`];
  const size = smallPagesFit ? 100 : 1000;
  for (let page = smallPagesFit ? 2 : 1; page <= pagesOf(size); page++) paths.push(`brandscape-data?${wireParams(pull, page, size)}`);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) await compressed(paths[next++]);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  agent.destroy();
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
      const { requests, maxInFlight, log, bytesSent } = emulator.stats;
      const cpu = process.cpuUsage(cpuMark);
      const rateLimited = log.filter((entry) => entry.status === 429).length;
      process.stdout.write(
        `STATS ${JSON.stringify({ requests, maxInFlight, rateLimited, bytesSent, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`,
      );
    }
  }
});
process.stdin.on("end", async () => {
  await emulator.close();
  process.exit(0);
});
