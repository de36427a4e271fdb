// FLOOR: the CPU no client can skip, measured on the same pages as S1: every page (100 records,
// the client's page size) fetched first and held as the bytes that came over the wire, then, timed
// alone, each turned into text and parsed with JSON.parse, one after the other. A pull that costs
// this ratio × the floor does that much more than turning bytes into values.
import http from "node:http";
import { childConfig, main, now, report, TOKEN, wireParams } from "../lib/common.mjs";

const agent = new http.Agent({ keepAlive: true });
const headers = { Authorization: `Bearer ${TOKEN}`, Accept: "application/json" };

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

main(async () => {
  const config = childConfig();
  const pageUrl = (page) => `${config.url}brandscape-data?${wireParams(config, page)}`;
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

  if (typeof globalThis.gc === "function") globalThis.gc(); // the fetching's garbage is not the parse's
  const cpuAtStart = process.cpuUsage();
  const start = now();
  let rows = 0;
  for (let at = 0; at < pages.length; at++) {
    rows += JSON.parse(pages[at].toString("utf8")).data.length;
    pages[at] = null; // a client holds a page's bytes no longer than this
  }
  const parseMs = now() - start;
  const parseCpu = process.cpuUsage(cpuAtStart);
  if (rows !== total) throw new Error(`parsed ${rows} rows of meta.total ${total}`);
  report({ parseMs, parseCpuMs: (parseCpu.user + parseCpu.system) / 1000, pages: lastPage, rows, jsonMiB: bytes / 1024 / 1024 });
});
