import type { DataFrame } from "danfojs-node";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Emulator } from "../../src/emulator";
import { captureWarnings, useEmulator } from "./fixture";
import { expectSameFrame } from "./sameFrame";

// studies: 585 records; at 50 a page, 11 pages after the first, more than the 3 the first answer leaves
const SHORT_BUDGET = [{ kind: "rateHeaders" as const, times: 1, headers: { "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "3" } }];
const plain = useEmulator();
const cappedAt50 = useEmulator({ maxPerPage: 50 });
const cappedAt200 = useEmulator({ maxPerPage: 200 });

/** per_page:page of every request, in arrival order. */
const asked = (emulator: Emulator) =>
  emulator.stats.log.map((entry) => `${new URLSearchParams(entry.query).get("per_page")}:${entry.page}`);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fountframe-switch-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the switch to larger pages when the rate budget is short", () => {
  it("loses no row when the service caps its pages at the size already asked (meta.per_page 50)", async () => {
    const reference = await cappedAt50.client({ perPage: 50 }).studies();
    cappedAt50.emulator.resetStats();
    cappedAt50.emulator.setFaults(SHORT_BUDGET);
    const { result: frame, warnings } = await captureWarnings(() => cappedAt50.client({ perPage: 50 }).studies());
    expect(warnings).toEqual([]);
    expect(frame.shape[0]).toBe(585);
    expectSameFrame(frame, reference);
    // the larger page was not larger: the pull goes on at 50 a page
    expect(asked(cappedAt50.emulator)).toEqual(["50:1", "1000:1", ...Array.from({ length: 11 }, (_, i) => `50:${i + 2}`)]);
  });

  it("reads the page size the service gave (200) and counts the pages by it", async () => {
    const reference = await cappedAt200.client({ perPage: 50 }).studies();
    cappedAt200.emulator.resetStats();
    cappedAt200.emulator.setFaults(SHORT_BUDGET);
    const { result: frame, warnings } = await captureWarnings(() => cappedAt200.client({ perPage: 50 }).studies());
    expect(warnings).toEqual([]);
    expectSameFrame(frame, reference);
    expect(asked(cappedAt200.emulator)).toEqual(["50:1", "1000:1", "1000:2", "1000:3"]);
  });

  it("rawQuery: every record, in order, from a capping service", async () => {
    const reference = await cappedAt50.client({ perPage: 50 }).rawQuery("studies");
    cappedAt50.emulator.setFaults(SHORT_BUDGET);
    const { result: records, warnings } = await captureWarnings(() => cappedAt50.client({ perPage: 50 }).rawQuery("studies"));
    expect(warnings).toEqual([]);
    expect(records.map((record) => record.id)).toEqual(reference.map((record) => record.id));
  });

  it("a re-run on the same cache costs no request, whatever page sizes the first run used", async () => {
    for (const [index, env] of [plain, cappedAt50, cappedAt200].entries()) {
      env.emulator.setFaults(SHORT_BUDGET);
      const cache = { dir: join(dir, String(index)) };
      const first = await env.client({ perPage: 50, cache }).studies();
      expect(asked(env.emulator)).toContain("1000:1"); // the first run switched (or tried to)
      env.emulator.resetStats();
      const again = await env.client({ perPage: 50, cache }).studies();
      expect(env.emulator.stats.requests).toBe(0);
      expectSameFrame(again, first);
      env.emulator.resetStats();
    }
  });
});

describe("the pages asked for with the larger first page", () => {
  // 6,234 rows: 63 pages of 100, 7 of 1,000; pages 2-7 at 1,000 are asked for beside page 1
  const BRANDSCAPE = { filters: { countries: [1, 2, 3], years: [1, 2] }, metricKeys: ["esteem"] };
  const cappedAt250 = useEmulator({ maxPerPage: 250 });
  const cappedAt100 = useEmulator({ maxPerPage: 100 });
  const pageNumbers = (emulator: Emulator) => emulator.stats.log.map((entry) => entry.page);

  it("are the service's pages when it serves 250: each page once, the same frame", async () => {
    const reference = await plain.client().brandscapeData(BRANDSCAPE);
    cappedAt250.emulator.setFaults(SHORT_BUDGET);
    const { result: frame, warnings } = await captureWarnings(() => cappedAt250.client().brandscapeData(BRANDSCAPE));
    expect(warnings).toEqual([]);
    expectSameFrame(frame, reference);
    const [first, ...rest] = asked(cappedAt250.emulator);
    expect(first).toBe("100:1");
    expect(rest.sort()).toEqual(Array.from({ length: 25 }, (_, i) => `1000:${i + 1}`).sort());
  });

  it("are the pull's own pages when the service serves 100 whatever is asked: none asked twice", async () => {
    const reference = await plain.client().brandscapeData(BRANDSCAPE);
    cappedAt100.emulator.setFaults(SHORT_BUDGET);
    const { result: frame, warnings } = await captureWarnings(() => cappedAt100.client().brandscapeData(BRANDSCAPE));
    expect(warnings).toEqual([]);
    expectSameFrame(frame, reference);
    const pages = pageNumbers(cappedAt100.emulator);
    expect(pages.filter((page) => page === 1)).toHaveLength(2); // page 1 at 100, then at 1,000
    expect(pages.filter((page) => page !== 1).sort((a, b) => a - b)).toEqual(Array.from({ length: 62 }, (_, i) => i + 2));
    expect(asked(cappedAt100.emulator).filter((said) => said.startsWith("1000:"))).toHaveLength(7);
  });

  // page 1 answers last: the pages asked for beside the larger page 1 are in before it is refused
  const slowFirstPage = useEmulator({ latencyMs: ({ page }) => (page === 1 ? 150 : 0) });

  it("are let go when the larger page is refused (its total moved): the pull goes on at its own size, no row lost", async () => {
    const reference = await plain.client().brandscapeData(BRANDSCAPE);
    slowFirstPage.emulator.setFaults([...SHORT_BUDGET, { resource: "brandscape-data", page: 1, kind: "recordsInserted", times: 1 }]);
    const stderr: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => stderr.push(String(chunk)) > 0) as typeof process.stderr.write;
    let frame: DataFrame;
    try {
      frame = (await captureWarnings(() => slowFirstPage.client({ verbose: true }).brandscapeData(BRANDSCAPE))).result;
    } finally {
      process.stderr.write = write;
    }
    expectSameFrame(frame, reference);
    // the progress counts the pages handed on, not those asked for ahead and let go
    expect(stderr.join("").trim().split("\n").at(-1)).toMatch(/^brandscape-data: 63\/63 pages, 6234 rows in [\d.]+ s$/);
    const said = asked(slowFirstPage.emulator);
    expect(said[0]).toBe("100:1");
    expect(said).toContain("1000:1");
    expect(said).toContain("1000:2"); // asked for beside the larger page, then let go
    expect(said.filter((entry) => entry.startsWith("100:")).sort()).toEqual(Array.from({ length: 63 }, (_, i) => `100:${i + 1}`).sort());
  });
});
