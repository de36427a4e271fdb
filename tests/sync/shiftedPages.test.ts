import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "../../src/client/client";
import { openStore, type Store } from "../../src/store";
import { IncompletePullError } from "../../src/sync/types";
import { MOST_REMOVALS_CHECKED } from "../../src/sync/removalCheck";
import { shiftingService, type ShiftingService } from "./helpers/shiftingService";

const PER_PAGE = 4;
const brand = (id: number) => ({ id, name: `brand ${String(1000 - id)}`, updated_at: "2026-01-01T00:00:00.000000Z" });
const brands = (ids: readonly number[]) => ids.map(brand);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, at) => from + at);

/**
 * Issue 43 (B-F4): a record removed from an early page and another added at the end between two
 * pages of a full run shift the later pages back by one: meta.total holds, no id comes twice, and
 * the record that moved onto the page already read is never seen. The run must not remove it.
 */
describe("a full sync removes no id the service still has", () => {
  let service: ShiftingService;
  let client: Client;
  let dir: string;
  let store: Store;
  const snapshot = async () => [
    (await store.query("SELECT * FROM brands ORDER BY id")).values,
    (await store.query("SELECT * FROM fountframe_sync ORDER BY 1")).values,
  ];
  const itemRequests = () => service.requests.filter((path) => /\/brands\/\d+/.test(path));
  const fullRun = (options: Record<string, unknown> = {}) => {
    service.requests.length = 0;
    return client.sync(store, "brands", { ...options, mode: "full" });
  };

  beforeEach(async () => {
    service = await shiftingService();
    client = new Client("shift-token", { baseUrl: service.url, perPage: PER_PAGE, verbose: false, retries: 0 });
    dir = mkdtempSync(join(tmpdir(), "fountframe-shift-"));
    store = await openStore(join(dir, "fount.duckdb"));
    service.records = brands(range(1, 12));
  });
  afterEach(async () => {
    await store.close();
    await client.aclose();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("fails a full run whose pages shifted (a page-1 record removed, one added at the end), committing nothing", async () => {
    await client.sync(store, "brands", {});
    const before = await snapshot();
    // pages of 4: 1-4, then 2 goes and 13 comes: page 2 is 6-9, and 5 slid onto page 1, already read
    service.afterPage(1, (records) => [...records.filter((record) => record.id !== 2), brand(13)]);
    const failed = await fullRun().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(IncompletePullError);
    expect(String(failed)).toMatch(/the service still has id 5 .*the pages shifted during the pull \(a record removed and another added\)/);
    expect(String(failed)).toMatch(/nothing of it was committed/);
    expect(await snapshot()).toEqual(before);
    expect(itemRequests()).toEqual(["/api/v2/brands/5?fields[brands]=id"]);
  });

  it("asks the pages by id ascending, and keeps the stored query as given", async () => {
    await client.sync(store, "brands", {});
    expect(service.requests.every((path) => path.includes("sort=id"))).toBe(true);
    expect((await store.tables())[0].query).toEqual({});
  });

  it("removes an id deleted before the run that falls between two pages once its item answers 404", async () => {
    await client.sync(store, "brands", {});
    service.records = brands([...range(1, 4), ...range(6, 12)]);
    const report = await fullRun();
    expect(report).toMatchObject({ removed: 1, rows: 11, requests: 3 + 1 });
    expect(itemRequests()).toEqual(["/api/v2/brands/5?fields[brands]=id"]);
    expect((await store.query("SELECT count(*) AS n FROM brands WHERE id = 5")).column("n").values[0]).toBe(0);
  });

  it.each([500, 403, 410])("fails the run, committing nothing, when an item request answers %i (not a 404)", async (status) => {
    await client.sync(store, "brands", {});
    const before = await snapshot();
    service.records = brands([...range(1, 4), ...range(6, 12)]);
    service.itemStatus = status;
    const failed = await fullRun().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(IncompletePullError);
    expect(String(failed)).toMatch(
      new RegExp(
        `the item route of stored id 5 \\(asked because the pull did not bring it\\) failed: HTTP ${status} .*nothing of it was committed`,
      ),
    );
    expect((failed as Error).cause).toMatchObject({ status });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [
      { data: [] },
      /IncompletePullError: .*the item route of stored id 5 .* answered without a record, which is neither the record nor a 404/,
    ],
    [{ data: null }, /IncompletePullError: .*the item route of stored id 5 .* failed: .*nothing of it was committed/],
    [{ data: {} }, /the item route of stored id 5 .* answered a record without an id, which is neither the record nor a 404/],
    [
      { data: { id: 6, name: "another" } },
      /the item route of stored id 5 .* answered a record of id 6, which is neither the record nor a 404/,
    ],
  ])(
    "fails the run, committing nothing, when an item answers 200 without a record (%j): neither the record nor a 404",
    async (body, said) => {
      await client.sync(store, "brands", {});
      const before = await snapshot();
      service.records = brands([...range(1, 4), ...range(6, 12)]);
      service.itemBody = body;
      const failed = await fullRun().catch((error: unknown) => error);
      expect(String(failed)).toMatch(said);
      expect(await snapshot()).toEqual(before);
    },
  );

  it("names a pulled id no record has (5.5) as what may stand for a live one, rather than shifted pages", async () => {
    await client.sync(store, "brands", {});
    const before = await snapshot();
    service.records = [...brands([...range(1, 4), ...range(6, 12)]), { ...brand(5), id: 5.5 }];
    service.itemBody = { data: brand(5) };
    const failed = await fullRun().catch((error: unknown) => error);
    expect(String(failed)).toMatch(
      /the service still has id 5 .*the pull brought an id that no record has \(5\.5: not a whole number above 0\), which may stand for it/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("removes an id deleted inside a page's range without asking the service", async () => {
    await client.sync(store, "brands", {});
    service.records = brands(range(1, 12).filter((id) => id !== 2 && id !== 7));
    const report = await fullRun();
    expect(report).toMatchObject({ removed: 2, rows: 10, requests: 3 });
    expect(itemRequests()).toEqual([]);
  });

  it("asks for every id it would remove when the query sorts otherwise, and fails on a live one", async () => {
    // names run against ids: sort by name is id descending
    await client.sync(store, "brands", { sort: "name" });
    service.records = brands(range(1, 12).filter((id) => id !== 7));
    const report = await fullRun({ sort: "name" });
    expect(report).toMatchObject({ removed: 1, rows: 11, requests: 3 + 1 });
    expect(itemRequests()).toEqual(["/api/v2/brands/7?fields[brands]=id"]);
    expect(service.requests.filter((path) => !/\/brands\/\d+/.test(path)).every((path) => path.includes("sort=name"))).toBe(true);

    const before = await snapshot();
    // by name, page 1 is 12-9: 10 goes and 20 comes (last by name), so 8 slides onto page 1
    service.afterPage(1, (records) => [...records.filter((record) => record.id !== 10), { ...brand(20), name: "zz" }]);
    await expect(fullRun({ sort: "name" })).rejects.toThrow(/the service still has id 8 .*the pages shifted/);
    expect(await snapshot()).toEqual(before);
  });

  it(`refuses to remove more than ${MOST_REMOVALS_CHECKED} ids unasked when the query sorts otherwise, and says to drop sort`, async () => {
    service.records = brands(range(1, MOST_REMOVALS_CHECKED + 12));
    await client.sync(store, "brands", { sort: "name", perPage: 100 });
    const before = await snapshot();
    service.records = brands(range(1, 11));
    await expect(fullRun({ sort: "name" })).rejects.toThrow(
      new RegExp(
        `would remove ${MOST_REMOVALS_CHECKED + 1} stored ids, and the query sorts by name, not by id, .*at most ${MOST_REMOVALS_CHECKED}; ` +
          "nothing of it was committed.*Sync without `sort`",
      ),
    );
    expect(itemRequests()).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it.each([{ data: { id: 4, name: "another" } }, { data: { name: "no id" } }])(
    "refuses an item sync whose item answers a record not of its id (%j), committing nothing",
    async (body) => {
      await client.sync(store, "brands", { brandId: 3, table: "b3" });
      const before = (await store.query("SELECT * FROM b3")).values;
      service.itemBody = body;
      for (const mode of ["auto", "full"] as const)
        await expect(client.sync(store, "brands", { brandId: 3, table: "b3", mode })).rejects.toThrow(
          /^sync of b3 \(brands\): the item 3 answered a record of id (4|null); nothing of it was committed/,
        );
      expect((await store.query("SELECT * FROM b3")).values).toEqual(before);
    },
  );
});
