import { startEmulator, type Emulator } from "../../src/emulator";
import { getAll, getJson } from "./http";

/** Change over time: revisions are the emulator's own, stamped now, and seen through the documented filters. */
describe("emulator revisions", () => {
  let emulator: Emulator;
  let other: Emulator;
  beforeEach(async () => {
    [emulator, other] = await Promise.all([startEmulator({ rateLimit: false }), startEmulator({ rateLimit: false })]);
  });
  afterEach(async () => {
    await Promise.all([emulator.close(), other.close()]);
  });

  const studyRows = (base: string, studyId: number) =>
    getAll(base, "brandscape-data", {
      "filter[studies]": studyId,
      metric_keys: "differentiation",
      "fields[brandscape-data]": "id,study_id,differentiation_c",
    });

  it("keeps the seeded timestamps until a revision", async () => {
    const [mine, theirs] = await Promise.all([getAll(emulator.url, "studies"), getAll(other.url, "studies")]);
    expect(mine.map((s) => [s.id, s.updated_at, s.data_updated_at])).toEqual(theirs.map((s) => [s.id, s.updated_at, s.data_updated_at]));
  });

  it("revises a study's brandscape values and moves its data_updated_at, for that study alone and that emulator alone", async () => {
    const [study, untouched] = [1, 2];
    const before = await studyRows(emulator.url, study);
    const beforeOther = await studyRows(emulator.url, untouched);
    const { at } = emulator.revise({ studies: [study] });
    expect(Date.parse(at)).toBeGreaterThan(Date.parse("2026-01-01"));

    const after = await studyRows(emulator.url, study);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after.filter((r, i) => r.differentiation_c !== before[i].differentiation_c).length).toBeGreaterThan(after.length / 2);
    expect(await studyRows(emulator.url, untouched)).toEqual(beforeOther);
    expect(await studyRows(other.url, study)).toEqual(before);

    const since = at.slice(0, 19).replace("T", " ");
    const moved = await getAll(emulator.url, "studies", { "filter[data_updated_since]": since });
    expect(moved.map((s) => s.id)).toEqual([study]);
    expect(moved[0].data_updated_at).toBe(at);
    const rowsSince = await getAll(emulator.url, "brandscape-data", {
      "filter[country_code]": "US",
      "filter[year_number]": 2024,
      "filter[updated_since]": since,
      metric_keys: "differentiation",
    });
    expect(rowsSince).toEqual([]);
  });

  it("revises records of a resource: a documented field changes and updated_at moves", async () => {
    const { at } = emulator.revise({ resource: "brands", ids: [3, 7] });
    const since = at.slice(0, 19).replace("T", " ");
    const changed = await getAll(emulator.url, "brands", { "filter[updated_since]": since });
    expect(changed.map((b) => b.id)).toEqual([3, 7]);
    expect(changed.every((b) => b.updated_at === at && / \(revised /.test(b.name))).toBe(true);
    const later = emulator.revise({ resource: "brands", ids: [7] });
    expect(Date.parse(later.at)).toBeGreaterThan(Date.parse(at));
  });

  it("adds a study whose rows take ids after every existing row, found by a country and year query", async () => {
    const query = {
      "filter[country_code]": "US",
      "filter[year_number]": 2024,
      metric_keys: "differentiation",
      "fields[brandscape-data]": "id,study_id",
    };
    const before = await getAll(emulator.url, "brandscape-data", query);
    const study = emulator.addStudy({ country: "US", year: 2024, name: "Added" });
    const after = await getAll(emulator.url, "brandscape-data", query);
    const added = after.filter((r) => r.study_id === study.id);
    expect(added.length).toBe(study.amount_of_cells);
    expect(after.filter((r) => r.study_id !== study.id)).toEqual(before);
    expect(Math.min(...added.map((r) => r.id))).toBeGreaterThan(Math.max(...before.map((r) => r.id)));
    // an added row is found by its id, as any other
    const item = await getJson(`${emulator.url}brandscape-data/${added[0].id}?metric_keys=differentiation`);
    expect([item.status, item.json.data.id, item.json.data.study_id]).toEqual([200, added[0].id, study.id]);
    const listed = await getAll(emulator.url, "studies", {
      "filter[data_updated_since]": study.data_updated_at!.slice(0, 19).replace("T", " "),
    });
    expect(listed.map((s) => s.id)).toEqual([study.id]);
  });

  it("removes records, and a removed study's brandscape rows", async () => {
    emulator.remove({ resource: "brands", ids: [5] });
    expect((await getJson(`${emulator.url}brands/5`)).status).toBe(404);
    emulator.remove({ resource: "studies", ids: [1] });
    expect(await studyRows(emulator.url, 1)).toEqual([]);
    expect((await studyRows(other.url, 1)).length).toBeGreaterThan(0);
  });

  it("takes the same changes as JSON on POST <url>__emulator/..., and names a bad parameter", async () => {
    const post = (action: string, body: unknown) =>
      fetch(`${emulator.url}__emulator/${action}`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "Content-Type": "application/json" },
      }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));
    const revised = await post("revise", { studies: [2] });
    expect(revised.status).toBe(200);
    expect(revised.json.data.ids).toEqual([2]);
    const study = await getJson(`${emulator.url}studies/2`);
    expect(study.json.data.data_updated_at).toBe(revised.json.data.at);
    expect((await post("add-study", { country: "GB", year: 2024 })).json.data.id).toBeGreaterThan(0);
    expect((await post("remove", { resource: "brands", ids: [9] })).status).toBe(200);
    const bad = await post("revise", { resource: "nothing", ids: [1] });
    expect(bad.status).toBe(400);
    expect(bad.json.data.message).toMatch(/^resource: one of/);
    expect(() => emulator.revise({ studies: [999_999] })).toThrow(/studies: ids of existing records/);
  });
});

describe("a compressing emulator's kept answers", () => {
  it("are not served after the data they were made from changed", async () => {
    const emulator = await startEmulator({ rateLimit: false, compression: true });
    try {
      const page = async () => {
        const response = await fetch(`${emulator.url}brands?per_page=50`, {
          headers: { Authorization: "Bearer t", "Accept-Encoding": "br" },
        });
        expect(response.headers.get("content-encoding")).toBe("br");
        return ((await response.json()) as { data: Array<{ id: number; name: string }> }).data;
      };
      const before = await page();
      emulator.revise({ resource: "brands", ids: [before[0].id] });
      const after = await page();
      expect(after[0].name).not.toBe(before[0].name);
      expect(after[0].name).toMatch(/ \(revised /);
      expect(after.slice(1)).toEqual(before.slice(1));
    } finally {
      await emulator.close();
    }
  });
});
