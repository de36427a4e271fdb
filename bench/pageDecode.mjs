// PAGE DECODE: the CPU one page costs in decodeBody, with the page scanner (bytes straight to
// columns) and without it (JSON.parse, then the records gathered into columns), against the parse
// floor (the bytes as text, then JSON.parse alone). The pages are fetched from the emulator first
// and held as bytes; each way decodes every page `--rounds` times over, rounds interleaved, and the
// median round is printed per page.
//
//   node bench/pageDecode.mjs [--rounds 15]
//
// The machine is shared: the load average is printed with the figures.
import http from "node:http";
import { loadavg } from "node:os";
import { NARROW_METRIC_KEYS } from "./run.mjs";

const { require: tsxRequire } = await import("tsx/cjs/api");
const { decodeBody, parsedBody } = tsxRequire("../src/decode/decodeBody.ts", import.meta.url);
const { rowShapeOf } = tsxRequire("../src/rows/rowShape.ts", import.meta.url);
const { startEmulator } = tsxRequire("../src/emulator/index.ts", import.meta.url);

const roundsAt = process.argv.indexOf("--rounds");
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 15;
const STUDIES = "1,2,3";
const INCLUDE = "brand,study,category,audience";

/** [label, query, pages fetched] */
const DATASETS = [
  ["wide, 100 a page", { "filter[studies]": STUDIES, include: INCLUDE, per_page: 100 }, 10],
  ["wide, 1000 a page", { "filter[studies]": STUDIES, include: INCLUDE, per_page: 1000 }, 3],
  [
    "narrow (64 columns), 1000 a page",
    { "filter[studies]": STUDIES, include: INCLUDE, metric_keys: NARROW_METRIC_KEYS.join(","), per_page: 1000 },
    3,
  ],
];

const WAYS = {
  "decodeBody (scanner)": (bytes, shape) => decodeBody(bytes, shape),
  "decodeBody without scanner": (bytes, shape) => parsedBody(bytes, shape),
  "floor: text + JSON.parse": (bytes) => JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8")),
};

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A page's bytes, on a connection of its own (the emulator reset a kept-alive one after a run of large pages). */
function getBytes(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Authorization: "Bearer bench", Accept: "application/json" }, agent: false }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        response.statusCode === 200 ? resolve(new Uint8Array(Buffer.concat(chunks))) : reject(new Error(`${url}: ${response.statusCode}`)),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

async function fetchPages(url, params, count) {
  const pages = [];
  for (let page = 1; page <= count; page++)
    pages.push(await getBytes(`${url}brandscape-data?${new URLSearchParams({ ...params, page: String(page) })}`));
  return pages;
}

const emulator = await startEmulator({ rateLimit: false });
const shape = rowShapeOf({ endpoint: "brandscape-data" });
console.log(
  `load average before: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(" ")}; ${ROUNDS} rounds, median CPU ms per page`,
);
const rows = [];
for (const [label, params, count] of DATASETS) {
  const pages = await fetchPages(emulator.url, params, count);
  const kib = pages.reduce((sum, page) => sum + page.length, 0) / pages.length / 1024;
  const scanned = decodeBody(pages[0], shape);
  const columns = scanned.kind === "chunk" ? scanned.chunk.names.length : "?";
  const perRound = Object.fromEntries(Object.keys(WAYS).map((way) => [way, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [way, decode] of Object.entries(WAYS)) {
      const start = cpuMs();
      for (const page of pages) decode(page, shape);
      perRound[way].push((cpuMs() - start) / pages.length);
    }
  }
  const figures = Object.fromEntries(Object.entries(perRound).map(([way, values]) => [way, median(values)]));
  rows.push({
    page: `${label} (${kib.toFixed(0)} KiB, ${columns} columns)`,
    ...Object.fromEntries(Object.entries(figures).map(([way, ms]) => [way, ms.toFixed(2)])),
  });
  const floor = figures["floor: text + JSON.parse"];
  rows[rows.length - 1]["scanner / floor"] = (figures["decodeBody (scanner)"] / floor).toFixed(2);
  rows[rows.length - 1]["without / floor"] = (figures["decodeBody without scanner"] / floor).toFixed(2);
}
await emulator.close();
console.table(rows);
console.log(
  `load average after: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(" ")}`,
);
