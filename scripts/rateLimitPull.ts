/**
 * Issue 11, item 6: a 1,000-page pull against the emulator's default rate limit (the service's
 * 500 requests a minute), with the client's defaults. Prints the pull's time, the requests the
 * emulator received and how many it answered 429 (the aim is none). About a minute or two:
 * `npx tsx scripts/rateLimitPull.ts [pages]`.
 */
import { Client } from "../src/client/client";
import { startEmulator } from "../src/emulator";

const PAGES = Number(process.argv[2] ?? 1000);
const TOKEN = "rate-limit-pull";

async function studyIds(): Promise<number[]> {
  // from a second emulator without a limit (same seed, same data): the pull's budget stays whole
  const unlimited = await startEmulator({ rateLimit: false });
  const client = new Client(TOKEN, { baseUrl: unlimited.url, verbose: false });
  try {
    return (await client.rawQuery("studies", { perPage: 1000 })).map((study) => Number(study.id));
  } finally {
    await client.aclose();
    await unlimited.close();
  }
}

async function main(): Promise<void> {
  const studies = await studyIds();
  const emulator = await startEmulator({ token: TOKEN });
  const client = new Client(TOKEN, { baseUrl: emulator.url, verbose: false });
  const started = Date.now();
  let pages = 0;
  let records = 0;
  try {
    const query = { filters: { studies }, metricKeys: ["differentiation"], perPage: 10, maxPages: PAGES };
    for await (const page of client.rawPages("brandscape-data", query)) {
      pages += 1;
      records += page.records.length;
    }
  } finally {
    await client.aclose();
  }
  const seconds = (Date.now() - started) / 1000;
  const statuses = emulator.stats.log.map((entry) => entry.status);
  await emulator.close();
  console.log(
    JSON.stringify({
      pages,
      records,
      seconds,
      requests: emulator.stats.requests,
      tooManyRequests: statuses.filter((status) => status === 429).length,
      otherFailures: statuses.filter((status) => status !== 200 && status !== 429).length,
    }),
  );
}

void main();
