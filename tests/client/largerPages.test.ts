import { Client } from "../../src/client/client";
import { startEmulator, type Emulator } from "../../src/emulator";
import { largerPagesWithinBudget } from "../../src/pull/pagePlan";
import type { PulledPage } from "../../src/pull/envelope";
import type { PagePlan } from "../../src/pull/pagePlan";
import { captureWarnings } from "./fixture";
import { expectSameFrame } from "./sameFrame";

// 12 a minute: the first answer leaves 11, fewer than the pull needs at 100 a page
const LIMIT = 12;
let limited: Emulator;
let unlimited: Emulator;
const clients: Client[] = [];
const client = (emulator: Emulator, perPage?: number) => {
  const made = new Client("token", { baseUrl: emulator.url, verbose: false, ...(perPage ? { perPage } : {}) });
  clients.push(made);
  return made;
};
const QUERY = { filters: { countries: [1, 2, 3, 4, 5, 6], years: [1, 2, 3], audiences: [1] }, metricKeys: ["esteem"] };
const pagesAsked = (emulator: Emulator) =>
  emulator.stats.log.map((entry) => new URLSearchParams(entry.query).get("per_page") + ":" + entry.page);

beforeAll(async () => {
  [limited, unlimited] = await Promise.all([startEmulator({ rateLimit: LIMIT }), startEmulator({ rateLimit: false })]);
});
afterEach(() => Promise.all(clients.splice(0).map((made) => made.aclose())));
afterAll(() => Promise.all([limited.close(), unlimited.close()]));

describe("a pull needing more pages than the rate budget left", () => {
  it("fetches the rest at 1,000 a page: the same frame as 100 a page, no 429", async () => {
    const reference = await client(unlimited).brandscapeData(QUERY);
    const rows = reference.shape[0];
    expect(Math.ceil(rows / 100) - 1).toBeGreaterThan(LIMIT - 1); // the switch is needed
    expect(rows % 1000).not.toBe(0);

    const { result: frame, warnings } = await captureWarnings(() => client(limited).brandscapeData(QUERY));
    expect(warnings).toEqual([]);
    expectSameFrame(frame, reference);
    expect(limited.stats.log.filter((entry) => entry.status === 429)).toHaveLength(0);
    const asked = pagesAsked(limited);
    expect(asked[0]).toBe("100:1");
    expect(asked.slice(1).sort()).toEqual(Array.from({ length: Math.ceil(rows / 1000) }, (_, i) => `1000:${i + 1}`).sort());
  });
});

describe("largerPagesWithinBudget", () => {
  const first = (held: number, total: number): PulledPage => ({
    endpoint: "brandscape-data",
    page: 1,
    body: { kind: "records", records: Array.from({ length: held }, (_, id) => ({ id })) },
    total,
    lastPage: Math.ceil(total / held),
  });
  const plan = (held: number, total: number): PagePlan => ({
    start: 1,
    lastPage: Math.ceil(total / held),
    perPage: held,
    total,
    expectedRecords: total,
  });

  it("switches only when the pages left exceed a known budget, from a full page 1 smaller than 1,000", () => {
    expect(largerPagesWithinBudget(first(100, 2_345), plan(100, 2_345), 23)).toBe(false);
    expect(largerPagesWithinBudget(first(100, 2_345), plan(100, 2_345), undefined)).toBe(false);
    expect(largerPagesWithinBudget(first(1000, 20_000), plan(1000, 20_000), 5)).toBe(false);
    expect(largerPagesWithinBudget(first(100, 2_345), plan(100, 2_345), 22)).toBe(true);
    expect(largerPagesWithinBudget(first(250, 100_000), plan(250, 100_000), 10)).toBe(true);
  });
});
