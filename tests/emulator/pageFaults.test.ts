import { startEmulator, type Emulator, type FaultRule } from "../../src/emulator";
import { getJson, urlOf } from "./http";

// 439 brands: at 100 a page, pages 1–5
const page = async (emulator: Emulator, number: number) =>
  (await getJson(urlOf(emulator.url, "brands", { page: number, per_page: 100 }))).json;
const ids = (body: { data: Array<{ id: number }> }) => body.data.map((record) => record.id);

describe("page faults: a page that disagrees with the others, over HTTP", () => {
  let emulator: Emulator;
  let clean: Array<{ data: Array<{ id: number }>; meta: Record<string, number> }>;
  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false });
    clean = [];
    for (let number = 1; number <= 5; number++) clean.push(await page(emulator, number));
  });
  afterAll(() => emulator.close());
  const withFaults = async (faults: FaultRule[], number: number) => {
    emulator.setFaults(faults);
    try {
      return await page(emulator, number);
    } finally {
      emulator.setFaults([]);
    }
  };

  test("recordsInserted: meta.total grows and the page starts earlier, repeating the end of the page before", async () => {
    const body = await withFaults([{ resource: "brands", page: 2, kind: "recordsInserted", count: 7 }], 2);
    expect(body.meta.total).toBe(clean[0].meta.total + 7);
    expect(ids(body).slice(0, 7)).toEqual(ids(clean[0]).slice(-7));
    expect(ids(body).slice(7)).toEqual(ids(clean[1]).slice(0, 93));
  });

  test("recordsDeleted: meta.total shrinks and the page starts later, skipping records", async () => {
    const body = await withFaults([{ resource: "brands", page: 5, kind: "recordsDeleted", count: 10 }], 5);
    expect(body.meta.total).toBe(429);
    expect(ids(body)).toEqual(ids(clean[4]).slice(10));
    expect(body.meta.last_page).toBe(5);
    const twoPagesLess = await withFaults([{ resource: "brands", kind: "recordsDeleted", count: 200 }], 4);
    expect(twoPagesLess.meta.last_page).toBe(3);
    expect(twoPagesLess.data).toEqual([]);
  });

  test("emptyPage: data [] with the meta as usual", async () => {
    const body = await withFaults([{ resource: "brands", page: 3, kind: "emptyPage" }], 3);
    expect(body.data).toEqual([]);
    expect(body.meta).toEqual(clean[2].meta);
  });

  test("lastPage: meta.last_page as given, understated or absurd; the records as usual", async () => {
    const absurd = await withFaults([{ resource: "brands", kind: "lastPage", lastPage: 200_000 }], 1);
    expect(absurd.meta.last_page).toBe(200_000);
    expect(absurd.meta.total).toBe(439);
    expect(ids(absurd)).toEqual(ids(clean[0]));
    const understated = await withFaults([{ resource: "brands", kind: "lastPage", lastPage: 1 }], 2);
    expect(understated.meta.last_page).toBe(1);
    expect(ids(understated)).toEqual(ids(clean[1]));
  });

  test("brandscape-data takes them too", async () => {
    const url = urlOf(emulator.url, "brandscape-data", { "filter[studies]": 482, per_page: 50, page: 2 });
    const before = (await getJson(url)).json;
    emulator.setFaults([{ resource: "brandscape-data", kind: "recordsInserted", count: 3 }]);
    const after = (await getJson(url)).json;
    emulator.setFaults([]);
    expect(after.meta.total).toBe(before.meta.total + 3);
    expect(after.data.slice(3).map((row: { id: number }) => row.id)).toEqual(before.data.slice(0, 47).map((row: { id: number }) => row.id));
  });
});
