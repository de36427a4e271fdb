import { join } from "node:path";
import { APIError, DataNotFoundError, InconsistentPagesError } from "../../src/errors";
import { INCONSISTENT_PAGES_WARNING } from "../../src/pull/pageChecks";
import { PARTIAL_RESULT_WARNING } from "../../src/pull/pullWarnings";
import { FrameBuilder } from "../../src/rows/rowShape";
import { openStore } from "../../src/store";
import { serveHostilePages } from "../export/hostilePages";
import { tempFolder } from "../helpers/tempFolder";
import { captureWarnings, pagesRequested, useEmulator } from "./fixture";

// 439 brands: at 100 a page, pages 1–5
const BRANDS = 439;

describe("pages that disagree with each other are never passed over in silence", () => {
  const env = useEmulator();
  const pull = (onErrors: "warn" | "raise" = "warn") => env.client({ onErrors }).rawQuery("brands", { perPage: 100 });
  const inconsistency = (warnings: Array<{ code?: string; message: string }>) => {
    const found = warnings.filter((warning) => warning.code === INCONSISTENT_PAGES_WARNING);
    expect(found).toHaveLength(1);
    return found[0].message;
  };

  test("a clean pull: no warning, every record once", async () => {
    const { result, warnings } = await captureWarnings(() => pull());
    expect(result).toHaveLength(BRANDS);
    expect(warnings).toEqual([]);
  });

  test("meta.total growing between pages (records inserted): the one warning names the change, its pages and the repeated ids", async () => {
    env.emulator.setFaults([{ resource: "brands", page: [3, 4, 5], kind: "recordsInserted", count: 4 }]);
    const { result, warnings } = await captureWarnings(() => pull());
    expect(result).toHaveLength(BRANDS + 4); // as the service sent them: page 3 repeats the end of page 2
    const message = inconsistency(warnings);
    expect(message).toContain("meta.total changed during the pull: page 1 said 439, page(s) 3, 4, 5 said 443");
    expect(message).toMatch(/4 record\(s\) came twice \(ids [\d, ]+; on page\(s\) 3\)/);
  });

  test("meta.total shrinking (records deleted): named, with the records missing", async () => {
    env.emulator.setFaults([{ resource: "brands", page: [4, 5], kind: "recordsDeleted", count: 5 }]);
    const { result, warnings } = await captureWarnings(() => pull());
    expect(result).toHaveLength(BRANDS - 5);
    const message = inconsistency(warnings);
    expect(message).toContain("page(s) 4, 5 said 434");
    expect(message).toContain(`received ${BRANDS - 5} records where meta.total (439) promised 439`);
  });

  test("an empty page in the middle: the pull stops there and says so", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "emptyPage" }]);
    const { result, warnings } = await captureWarnings(() => pull());
    expect(result).toHaveLength(100);
    expect(inconsistency(warnings)).toContain("page 2 came back empty before the last page (5); 100 of 439 records had arrived");
  });

  test("an empty page 1 whose meta.total says records: asked again, and never told as a query that matched none", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 1, kind: "emptyPage", times: 1 }]);
    expect(await env.client({ retries: 1 }).rawQuery("brands", { perPage: 100 })).toHaveLength(BRANDS);
    env.emulator.setFaults([{ resource: "brands", page: 1, kind: "emptyPage" }]);
    const failed = await env
      .client({ retries: 1 })
      .brands({ perPage: 100 })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(APIError);
    expect(failed).not.toBeInstanceOf(DataNotFoundError);
    expect(String(failed)).toMatch(/the list's page came back without records while its meta.total says 439/);
  });

  test("an understated last_page: pages are requested by meta.total, and the disagreement named", async () => {
    env.emulator.setFaults([{ resource: "brands", kind: "lastPage", lastPage: 2 }]);
    const { result, warnings } = await captureWarnings(() => pull());
    expect(result).toHaveLength(BRANDS);
    expect(inconsistency(warnings)).toContain("page 1 said last_page 2, but its total 439 at 100 per page makes 5 page(s)");
  });

  test("an absurd last_page: the page count is capped at ceil(total / per_page)", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 1, kind: "lastPage", lastPage: 200_000 }]);
    const { result, warnings } = await captureWarnings(() => pull());
    expect(result).toHaveLength(BRANDS);
    expect(pagesRequested(env.emulator, "brands").sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(inconsistency(warnings)).toContain("page 1 said last_page 200000");
  });

  test("pages that failed after retries and pages that disagree: one warning names both", async () => {
    env.emulator.setFaults([
      { resource: "brands", page: 2, kind: "status", status: 500 },
      { resource: "brands", page: [3, 4, 5], kind: "recordsInserted", count: 4 },
    ]);
    const { result, warnings } = await captureWarnings(() => env.client({ retries: 1 }).rawQuery("brands", { perPage: 100 }));
    expect(result).toHaveLength(BRANDS + 4 - 100);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].code).toBe(PARTIAL_RESULT_WARNING);
    expect(warnings[0].message).toMatch(/^brands: 1 of 5 pages failed after retries and were skipped: page 2 \(HTTP 500/);
    expect(warnings[0].message).toContain(
      "; and the pages of this pull disagree, so the result may be wrong: meta.total changed during the pull: page 1 said 439, page(s) 3, 4, 5 said 443",
    );
    expect(warnings[0].detail).toMatch(/^failed pages: 2\. The service's data changed during the pull/);
  });

  test('"raise" rejects with InconsistentPagesError naming the disagreement', async () => {
    env.emulator.setFaults([{ resource: "brands", page: 3, kind: "recordsInserted", count: 2 }]);
    const failure = pull("raise");
    await expect(failure).rejects.toThrow(InconsistentPagesError);
    await expect(failure).rejects.toThrow(/meta.total changed during the pull: page 1 said 439, page 3 said 441/);
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "emptyPage" }]);
    await expect(pull("raise")).rejects.toThrow(/page 2 came back empty/);
  });

  test("the frame methods and client.pages check the same way", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "emptyPage" }]);
    const { warnings } = await captureWarnings(() => env.client().brands({ perPage: 100 }));
    expect(inconsistency(warnings)).toContain("page 2 came back empty");
    const pages = env.client({ onErrors: "raise" }).pages("brands", { perPage: 100 });
    const read: number[] = [];
    await expect(
      (async () => {
        for await (const page of pages) read.push(page.page);
      })(),
    ).rejects.toThrow(InconsistentPagesError);
    expect(read).toEqual([1]);
  });
});

describe("an id sent once as a number and once as its text is one id, as a sync counts it", () => {
  const env = useEmulator();
  const dir = tempFolder("fountframe-id-spellings-");
  /** ids `first`, `second`, 2, one record a page, as JSON text */
  const serve = (first: string, second: string) =>
    serveHostilePages(env.emulator, "brands", [[`{"id":${first},"name":"a"}`], [`{"id":${second},"name":"b"}`], ['{"id":2,"name":"c"}']])
      .perPage;
  const repeats = (warnings: Array<{ code?: string; message: string }>) =>
    warnings.filter((warning) => warning.code === INCONSISTENT_PAGES_WARNING).map((warning) => warning.message);

  test('ids 1, "1", 2: the frame pull, client.rawQuery and client.pages into a FrameBuilder warn of the id that came twice', async () => {
    const perPage = serve("1", '"1"');
    const frame = await captureWarnings(() => env.client().brands({ perPage }));
    expect(frame.result.column("id").values).toEqual([1, 1, 2]);
    expect(repeats(frame.warnings)).toEqual([expect.stringContaining("1 record(s) came twice (ids 1; on page(s) 2)")]);
    const records = await captureWarnings(() => env.client().rawQuery("brands", { perPage }));
    expect(repeats(records.warnings)).toEqual([expect.stringContaining("1 record(s) came twice (ids 1; on page(s) 2)")]);
    const built = await captureWarnings(async () => {
      const builder = new FrameBuilder();
      for await (const page of env.client().pages("brands", { perPage })) builder.add(page);
      return builder.toFrame();
    });
    expect(built.result.column("id").values).toEqual([1, 1, 2]);
    expect(repeats(built.warnings)).toEqual([expect.stringContaining("1 record(s) came twice (ids 1; on page(s) 2)")]);
    await expect(env.client({ onErrors: "raise" }).brands({ perPage })).rejects.toThrow(
      /1 record\(s\) came twice \(ids 1; on page\(s\) 2\)/,
    );
  });

  // numeric text (the table's rule) is its number; other text ("01", " 1", "0x10") is text, another id
  const SPELLINGS: [string, string, boolean][] = [
    ["1", '"1"', true],
    ["1", '"1.0"', true],
    ["1", '"1e0"', true],
    ["1", '"+1"', true],
    ["-1", '"-1"', true],
    ["1.5", '"1.50"', true],
    ['"1"', '"1.0"', true],
    ["1", '"01"', false],
    ["1", '" 1"', false],
    ["16", '"0x10"', false],
    ["1", "true", false],
  ];
  test.each(SPELLINGS)("ids %s and %s: the frame pull warns exactly when client.sync refuses (%s)", async (first, second, twice) => {
    const perPage = serve(first, second);
    const { warnings } = await captureWarnings(() => env.client().brands({ perPage }));
    expect(repeats(warnings)).toHaveLength(twice ? 1 : 0);
    const store = await openStore(join(dir, `${SPELLINGS.findIndex(([a, b]) => a === first && b === second)}.duckdb`));
    try {
      const sync = env.client().sync(store, "brands", { perPage });
      if (twice) await expect(sync).rejects.toThrow(/1 record\(s\) came twice \(ids [^;]+; on page\(s\) 2\)/);
      else {
        await sync;
        expect((await store.query("SELECT count(*) AS n FROM brands")).column("n").values).toEqual([3]);
      }
    } finally {
      await store.close();
    }
  });
});

describe("scheduling", () => {
  const env = useEmulator();

  test("a frame's pages are scheduled as the window moves, never all queued: a stalled page holds the rest back", async () => {
    // 439 pages of one brand; page 2 answers late; 2 in flight, so at most 2 × 4 pages ahead of page 2
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "hang", ms: 1500 }]);
    const client = env.client({ batchSize: 1, nWorkers: 2 });
    let mostWhilePage2Waits = 0;
    const watch = setInterval(() => {
      const log = env.emulator.stats.log;
      const page2 = log.find((entry) => entry.page === 2);
      if (page2 && page2.status === 0) mostWhilePage2Waits = Math.max(mostWhilePage2Waits, log.length);
    }, 10);
    try {
      const records = await client.rawQuery("brands", { perPage: 1 });
      expect(records).toHaveLength(BRANDS);
    } finally {
      clearInterval(watch);
    }
    expect(mostWhilePage2Waits).toBeGreaterThan(1);
    expect(mostWhilePage2Waits).toBeLessThanOrEqual(1 + 2 * 4);
  }, 20_000);
});
