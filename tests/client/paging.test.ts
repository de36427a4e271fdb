import { DataNotFoundError } from "../../src/errors";
import { Query } from "../../src/query/query";
import { TOKEN, pagesRequested, roundTrip, useEmulator } from "./fixture";

async function total(url: string, resource: string): Promise<number> {
  const response = await fetch(`${url}${resource}?per_page=1`, {
    headers: { Authorization: `Bearer ${TOKEN}`, Accept: "application/json" },
  });
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

describe("pages", () => {
  const env = useEmulator();

  test("the first request doubles as the handshake: every page fetched once, none past the last", async () => {
    const brands = await total(env.emulator.url, "brands");
    env.emulator.resetStats();
    const records = await env.client().rawQuery("brands", { perPage: 10 });
    expect(records).toHaveLength(brands);
    const pages = pagesRequested(env.emulator, "brands").sort((a, b) => a - b);
    expect(pages).toEqual(Array.from({ length: Math.ceil(brands / 10) }, (_, i) => i + 1));
    expect(new Set(records.map((record) => record.id)).size).toBe(brands);
  });

  test("a single-page query is one request", async () => {
    const records = await env.client().rawQuery("brands", new Query({ page: 3 }));
    expect(pagesRequested(env.emulator, "brands")).toEqual([3]);
    expect(env.emulator.stats.log[0].query).toContain("per_page=100");
    expect(records.length).toBeGreaterThan(0);
    env.emulator.resetStats();
    await env.client().rawQuery("brands", { maxPages: 1, perPage: 5 });
    expect(pagesRequested(env.emulator, "brands")).toEqual([1]);
  });

  test("maxPages and page are honoured", async () => {
    const records = await env.client().rawQuery("brands", { page: 2, perPage: 5, maxPages: 3 });
    expect(pagesRequested(env.emulator, "brands").sort()).toEqual([2, 3, 4]);
    const all = await env.client().rawQuery("brands", { perPage: 5, maxPages: 4 });
    expect(records.map((record) => record.id)).toEqual(all.slice(5, 20).map((record) => record.id));
  });

  test("the client's perPage is the default page size", async () => {
    const client = env.client({ perPage: 25 });
    await client.rawQuery("brands", { maxPages: 1 });
    expect(env.emulator.stats.log[0].query).toContain("per_page=25");
  });

  test("a query with no results throws DataNotFoundError", async () => {
    await expect(env.client().rawQuery("brands", { filters: { name: "no brand has this name zzz" } })).rejects.toThrow(DataNotFoundError);
    await expect(env.client().brands("no brand has this name zzz")).rejects.toThrow(/no records/);
  });

  test("item ids go to the item route", async () => {
    const [first] = await env.client().rawQuery("brands", { maxPages: 1, perPage: 1 });
    env.emulator.resetStats();
    const records = await env.client().rawQuery("brands", { id: first.id as number });
    expect(records).toEqual([first]);
    expect(env.emulator.stats.log.map((entry) => entry.path)).toEqual([expect.stringMatching(new RegExp(`/brands/${first.id}$`))]);
  });

  test("pages() streams in page order", async () => {
    const pages: number[] = [];
    let rows = 0;
    for await (const page of env.client().pages("brands", { perPage: 20 })) {
      pages.push(page.page);
      rows += page.records.length;
      expect(page.total).toBe(await total(env.emulator.url, "brands"));
    }
    expect(pages).toEqual(Array.from({ length: pages.length }, (_, i) => i + 1));
    expect(rows).toBe(await total(env.emulator.url, "brands"));
  });
});

describe("pipelining", () => {
  const shuffledLatency = ({ page }: { page: number }) => 5 + ((page * 7919) % 11) * 4;
  const env = useEmulator({ latencyMs: shuffledLatency });

  test("records keep page order whatever order pages arrive in", async () => {
    const reference = await env.client().rawQuery("brands", { perPage: 1000 });
    const paged = await env.client().rawQuery("brands", { perPage: 7 });
    expect(paged.map((record) => record.id)).toEqual(reference.map((record) => record.id));
  });

  test("at most batchSize × nWorkers requests in flight, and that many are used", async () => {
    const client = env.client({ batchSize: 3, nWorkers: 2 });
    await client.rawQuery("brands", { perPage: 5 });
    expect(env.emulator.stats.maxInFlight).toBe(6);
    env.emulator.resetStats();
    await env.client({ batchSize: 1, nWorkers: 1 }).rawQuery("brands", { perPage: 10 });
    expect(env.emulator.stats.maxInFlight).toBe(1);
  });

  test("concurrent calls on one client", async () => {
    const client = env.client();
    const [brands, regions, countries] = await Promise.all([
      client.rawQuery("brands", { perPage: 9 }),
      client.rawQuery("regions", { perPage: 2 }),
      client.rawQuery("countries", { perPage: 4 }),
    ]);
    const reference = await client.rawQuery("brands", { perPage: 1000 });
    expect(brands.map((record) => record.id)).toEqual(reference.map((record) => record.id));
    expect(regions.length).toBeGreaterThan(3);
    expect(countries.length).toBeGreaterThan(30);
  });

  test("pages() never runs more than the in-flight bound ahead of the consumer", async () => {
    const client = env.client({ batchSize: 2, nWorkers: 1 });
    const iterator = client.pages("brands", { perPage: 5 });
    // the consumer takes a page, then waits until nothing is in flight: the requests the client
    // sends ahead of it go out at once on the page it was given, so they have arrived by a round trip
    for (let taken = 1; taken <= 4; taken++) {
      await iterator.next();
      await roundTrip(env.emulator);
      await env.emulator.until((stats) => stats.inFlight === 0);
      expect(Math.max(...pagesRequested(env.emulator, "brands"))).toBeLessThanOrEqual(taken + 2);
    }
    await iterator.return(undefined);
  });
});
