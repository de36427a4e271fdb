// The parse floor, as bench/scenarios/floor.mjs measures it: every page (100 records,
// the clients' page size) of a query fetched first and held as the bytes that came over the wire,
// then, timed alone, each turned into text and JSON.parse'd, one after the other.
// Usage: node --expose-gc floor.cjs '<json config>'   config: { url, studies, metricKeys?, perPage? }
// Prints "RESULT {json}": parseS (wall), parseCpuS (user+sys of the parse), pages, rows, jsonMiB.
"use strict";
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS script, run as `node --expose-gc floor.cjs`
const http = require("node:http");

const config = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true });
const headers = { Authorization: `Bearer ${config.token ?? "t"}`, Accept: "application/json" };
const perPage = config.perPage ?? 100;

function pageUrl(page) {
  const params = new URLSearchParams();
  params.set("filter[studies]", config.studies.join(","));
  params.set("include", "brand,study,category,audience");
  if (config.metricKeys) params.set("metric_keys", config.metricKeys.join(","));
  params.set("page", String(page));
  params.set("per_page", String(perPage));
  return `${config.url}brandscape-data?${params}`;
}

function getBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          response.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: status ${response.statusCode}`)),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

(async () => {
  const first = await getBytes(pageUrl(1));
  const { last_page: lastPage, total } = JSON.parse(first.toString("utf8")).meta;
  const pages = new Array(lastPage);
  pages[0] = first;
  let next = 2;
  const worker = async () => {
    while (next <= lastPage) {
      const page = next++;
      pages[page - 1] = await getBytes(pageUrl(page));
    }
  };
  await Promise.all(Array.from({ length: Math.min(20, lastPage) }, worker));
  const bytes = pages.reduce((sum, page) => sum + page.length, 0);
  if (typeof globalThis.gc === "function") globalThis.gc();
  const cpuAtStart = process.cpuUsage();
  const start = performance.now();
  let rows = 0;
  for (let at = 0; at < pages.length; at++) {
    rows += JSON.parse(pages[at].toString("utf8")).data.length;
    pages[at] = null;
  }
  const parseS = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  if (rows !== total) throw new Error(`parsed ${rows} rows of meta.total ${total}`);
  const result = { parseS, parseCpuS: (cpu.user + cpu.system) / 1e6, pages: lastPage, rows, total, jsonMiB: bytes / 1024 / 1024 };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`, () => process.exit(0));
})().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
