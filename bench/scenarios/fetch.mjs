// S2: the lower bound of a pull. The same pages as S1, fetched with Node's own fetch (or, with
// config.transport "http", node:http with a keep-alive agent, the leanest transport Node has) and
// JSON.parse, at the same concurrency (a new request as soon as one ends), then thrown away.
import http from "node:http";
import { childConfig, main, now, report, TOKEN, wireParams } from "../lib/common.mjs";

const agent = new http.Agent({ keepAlive: true });

/** The body of a GET as text, through node:http. */
function httpGetText(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function fetchText(url, headers) {
  const response = await fetch(url, { headers });
  return { status: response.status, text: await response.text() };
}

main(async () => {
  const config = childConfig();
  const inFlight = config.inFlight ?? 20;
  const headers = { Authorization: `Bearer ${TOKEN}`, Accept: "application/json" };
  let bytes = 0;
  let rows = 0;
  const get = config.transport === "http" ? httpGetText : fetchText;
  const getPage = async (page) => {
    const { status, text } = await get(`${config.url}brandscape-data?${wireParams(config, page)}`, headers);
    if (status !== 200) throw new Error(`page ${page}: status ${status}`);
    bytes += text.length;
    const body = JSON.parse(text);
    rows += body.data.length;
    return body;
  };

  const start = now();
  const first = await getPage(1);
  const lastPage = first.meta.last_page;
  let next = 2;
  const worker = async () => {
    while (next <= lastPage) await getPage(next++);
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, lastPage) }, worker));
  const wallMs = now() - start;

  if (rows !== first.meta.total) throw new Error(`fetched ${rows} rows of meta.total ${first.meta.total}`);
  report({
    wallMs,
    pages: lastPage,
    rows,
    total: first.meta.total,
    jsonMiB: bytes / 1024 / 1024,
    scheduleBoundMs: Math.ceil(lastPage / inFlight) * (config.latencyMs ?? 0),
  });
});
