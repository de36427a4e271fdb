import type { DataFrame } from "danfojs-node";
import type { Emulator } from "../../src/emulator";
import { captureWarnings, useEmulator } from "./fixture";
import { expectSameFrame } from "./sameFrame";
import { tempFolder } from "../helpers/tempFolder";

// more than 1,000 rows, not a multiple of 100 or 1,000: several pages at every size
const QUERY = { filters: { countries: [1, 2, 3, 4, 5, 6], years: [1, 2, 3], audiences: [1] }, metricKeys: ["esteem"] };
// the first answer leaves 3 requests, fewer than the pages left at 100 a page
const SHORT_BUDGET = [{ kind: "rateHeaders" as const, times: 1, headers: { "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "3" } }];

const service = useEmulator();
const cappedAt100 = useEmulator({ maxPerPage: 100 });
const cappedAt250 = useEmulator({ maxPerPage: 250 });

const sizesAsked = (emulator: Emulator) => new Set(emulator.stats.log.map((entry) => new URLSearchParams(entry.query).get("per_page")));

const dir = tempFolder("fountframe-five-ways-");

test("the same query pulled five ways gives the same frame, cell by cell", async () => {
  const pull = async (made: ReturnType<typeof service.client>): Promise<DataFrame> => {
    const { result, warnings } = await captureWarnings(() => made.brandscapeData(QUERY));
    expect(warnings).toEqual([]);
    return result;
  };
  const plain = await pull(service.client({ threads: 0 }));
  expect(plain.shape[0]).toBeGreaterThan(1_000);
  expect(plain.shape[0] % 100).not.toBe(0);

  const workers = await pull(service.client({ threads: 2 }));
  expectSameFrame(workers, plain);

  service.emulator.resetStats();
  const fill = await pull(service.client({ cache: { dir } }));
  expect(service.emulator.stats.requests).toBe(Math.ceil(plain.shape[0] / 100));
  expectSameFrame(fill, plain);

  service.emulator.resetStats();
  const rePull = await pull(service.client({ cache: { dir }, threads: 2 }));
  expect(service.emulator.stats.requests).toBe(0);
  expectSameFrame(rePull, plain);

  service.emulator.resetStats();
  service.emulator.setFaults(SHORT_BUDGET);
  const switched = await pull(service.client());
  expect(sizesAsked(service.emulator)).toEqual(new Set(["100", "1000"]));
  expectSameFrame(switched, plain);

  for (const capped of [cappedAt100, cappedAt250]) {
    capped.emulator.setFaults(SHORT_BUDGET);
    const frame = await pull(capped.client());
    expect(sizesAsked(capped.emulator)).toEqual(new Set(["100", "1000"]));
    expectSameFrame(frame, plain);
  }
});
