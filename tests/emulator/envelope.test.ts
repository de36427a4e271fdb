import { startEmulator, type Emulator } from "../../src/emulator";
import { getJson, urlOf } from "./http";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
});
afterAll(() => emulator.close());

const get = (resource: string, params: Record<string, string | number> = {}) => getJson(urlOf(emulator.url, resource, params));

describe("the Laravel paginator envelope", () => {
  test("url is the base URL with a trailing slash", () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2\/$/);
  });

  test("meta and links of a middle page", async () => {
    const { status, json, headers } = await get("brands", { per_page: 25, page: 3 });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/application\/json/);
    expect(Object.keys(json)).toEqual(["data", "links", "meta"]);
    const { meta, links } = json;
    expect(meta.total).toBe(439);
    expect(meta.per_page).toBe(25);
    expect(meta.current_page).toBe(3);
    expect(meta.last_page).toBe(Math.ceil(439 / 25));
    expect(meta.from).toBe(51);
    expect(meta.to).toBe(75);
    expect(meta.path).toBe(`${emulator.url}brands`);
    expect(json.data).toHaveLength(25);
    expect(json.data[0].id).toBe(51);
    expect(links.first).toBe(`${emulator.url}brands?per_page=25&page=1`);
    expect(links.last).toBe(`${emulator.url}brands?per_page=25&page=18`);
    expect(links.prev).toBe(`${emulator.url}brands?per_page=25&page=2`);
    expect(links.next).toBe(`${emulator.url}brands?per_page=25&page=4`);
    expect(meta.links[0]).toEqual({ url: links.prev, label: "&laquo; Previous", active: false });
    expect(meta.links.at(-1)).toEqual({ url: links.next, label: "Next &raquo;", active: false });
    expect(meta.links.filter((link: any) => link.active)).toEqual([
      { url: `${emulator.url}brands?per_page=25&page=3`, label: 3, active: true },
    ]);
    expect(meta.links.map((link: any) => link.label)).toContain("...");
  });

  test("links keep the other parameters, encoded as PHP does", async () => {
    const { json } = await get("brands", { "filter[name]": "e ", include: "company,sector", per_page: 5 });
    expect(json.links.next).toBe(`${emulator.url}brands?filter%5Bname%5D=e+&include=company%2Csector&per_page=5&page=2`);
  });

  test("first, last and past-last pages", async () => {
    const first = await get("regions", { per_page: 4 });
    expect(first.json.meta).toMatchObject({ current_page: 1, from: 1, to: 4, last_page: 2, total: 6 });
    expect(first.json.links.prev).toBeNull();
    const last = await get("regions", { per_page: 4, page: 2 });
    expect(last.json.meta).toMatchObject({ current_page: 2, from: 5, to: 6, last_page: 2 });
    expect(last.json.data.map((r: any) => r.id)).toEqual([5, 6]);
    expect(last.json.links.next).toBeNull();
    const past = await get("regions", { per_page: 4, page: 9 });
    expect(past.status).toBe(200);
    expect(past.json.data).toEqual([]);
    expect(past.json.meta).toMatchObject({ current_page: 9, from: null, to: null, last_page: 2, total: 6 });
    expect(past.json.links.prev).toBe(`${emulator.url}regions?per_page=4&page=8`);
  });

  test("an empty result has one page", async () => {
    const { json } = await get("brands", { "filter[name]": "no such brand" });
    expect(json.data).toEqual([]);
    expect(json.meta).toMatchObject({ total: 0, last_page: 1, from: null, to: null });
  });

  test("per_page defaults to 25, takes 1000, refuses 1001 and other bad values with the docs' 400", async () => {
    expect((await get("companies")).json.meta.per_page).toBe(25);
    const thousand = await get("studies", { per_page: 1000 });
    expect(thousand.json.data).toHaveLength(585);
    expect(thousand.json.meta.last_page).toBe(1);
    const tooMany = await get("studies", { per_page: 1001 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toEqual({ data: { message: "The per page field must not be greater than 1000." } });
    const badParams: Array<Record<string, string | number>> = [
      { per_page: 0 },
      { per_page: "x" },
      { page: 0 },
      { page: "-1" },
      { page: "2.5" },
    ];
    for (const params of badParams) {
      const answer = await get("studies", params);
      expect(answer.status).toBe(400);
      expect(answer.json.data.message).toMatch(new RegExp(`^The ${Object.keys(params)[0].replace("_", " ")} field`));
    }
  });

  test("with many pages the meta links window around the current page", async () => {
    const { json } = await get("studies", { per_page: 5, page: 60 });
    const labels = json.meta.links.map((link: any) => link.label);
    expect(labels).toEqual(["&laquo; Previous", 1, 2, "...", 57, 58, 59, 60, 61, 62, 63, "...", 116, 117, "Next &raquo;"]);
  });
});

describe("items, routes and errors", () => {
  test("an item answers { data: {...} } and an unknown id 404", async () => {
    const item = await get("brands/265");
    expect(item.status).toBe(200);
    expect(Object.keys(item.json)).toEqual(["data"]);
    expect(item.json.data).toMatchObject({ id: 265, name: "Swatch" });
    for (const path of ["brands/99999", "brands/abc", "brandscape-data/0", "nothing-here", "brands/1/extra"]) {
      const missing = await get(path);
      expect(missing.status).toBe(404);
      expect(typeof missing.json.data.message).toBe("string");
    }
  });

  test("every resource has a collection and an item route", async () => {
    for (const resource of [
      "audience-groups",
      "audiences",
      "brand-metric-groups",
      "brand-metrics",
      "brands",
      "categories",
      "cities",
      "collections",
      "companies",
      "countries",
      "regions",
      "sectors",
      "studies",
      "years",
    ]) {
      const collection = await get(resource, { per_page: 1 });
      expect(collection.status).toBe(200);
      const id = collection.json.data[0].id;
      const item = await get(`${resource}/${id}`);
      expect(item.json.data).toEqual(collection.json.data[0]);
    }
    const row = await get("brandscape-data/1");
    expect(row.json.data.id).toBe(1);
  });

  test("studies/<id>/brands lists the study's brand relations, one per brand of the study", async () => {
    const { json } = await get("studies/498/brands", { per_page: 1000, include: "brand" });
    expect(json.meta.total).toBe(115);
    expect(json.meta.path).toBe(`${emulator.url}studies/498/brands`);
    const viaFilter = await get("brands", { "filter[studies]": 498, per_page: 1000 });
    expect(json.data.map((row: any) => row.brand.id)).toEqual(viaFilter.json.data.map((brand: any) => brand.id));
    // the study's country's spelling: mostly the global name, a few tagged with the country
    const names = json.data.map((row: any) => [row.brand_name, row.brand.name]);
    expect(names.filter(([local, global]: string[]) => local === global).length).toBeGreaterThan(names.length * 0.8);
    expect(names.some(([local, global]: string[]) => local === `${global} (CH)`)).toBe(true);
    const ids = json.data.map((row: any) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await get("studies/99999/brands")).status).toBe(404);
  });

  test("studies/<id>/categories lists the categories of the study's brands, and filters by brand", async () => {
    const brands = (await get("studies/498/brands", { per_page: 1000, include: "brand,category" })).json.data;
    const { json } = await get("studies/498/categories", { per_page: 1000 });
    const categoryIds = json.data.map((row: any) => row.category.id);
    for (const row of brands) expect(categoryIds).toContain(row.category.id);
    const oneBrand = await get("studies/498/categories", { "filter[brands]": brands[0].brand.id });
    expect(oneBrand.json.data.map((row: any) => row.category.id)).toContain(brands[0].category.id);
    expect(oneBrand.json.meta.total).toBeLessThan(json.meta.total);
  });

  test("studies/<id>/brands filters: id (exact), brand_name (like), brands, categories", async () => {
    const all = (await get("studies/498/brands", { per_page: 1000, include: "brand,category" })).json.data;
    const [first, second] = all;
    const byId = await get("studies/498/brands", { "filter[id]": `${first.id},${second.id}` });
    expect(byId.json.data.map((row: any) => row.id)).toEqual([first.id, second.id]);
    const byName = await get("studies/498/brands", { "filter[brand_name]": first.brand_name.slice(0, 4).toUpperCase(), per_page: 1000 });
    expect(byName.json.data.map((row: any) => row.id)).toEqual(
      all.filter((row: any) => row.brand_name.toLowerCase().includes(first.brand_name.slice(0, 4).toLowerCase())).map((row: any) => row.id),
    );
    const byBrand = await get("studies/498/brands", { "filter[brands]": `${second.brand.id},${first.brand.id}`, include: "brand" });
    expect(byBrand.json.data.map((row: any) => row.brand.id)).toEqual([first.brand.id, second.brand.id]);
    const byCategory = await get("studies/498/brands", { "filter[categories]": first.category.id, include: "category", per_page: 1000 });
    // a brand studied in two categories matches on either; its include shows the first
    expect(byCategory.json.data.map((row: any) => row.id)).toEqual(
      expect.arrayContaining(all.filter((row: any) => row.category.id === first.category.id).map((row: any) => row.id)),
    );
    expect(byCategory.json.meta.total).toBeLessThan(all.length);
  });

  test("health answers without a token, at /health as the docs write it and under the base", async () => {
    for (const url of [`${emulator.url}health`, new URL("/health", emulator.url).href]) {
      const answer = await getJson(url, { token: null });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ status: "ok", timestamp: expect.any(String) });
    }
  });

  test("401 without a token or with an empty one", async () => {
    for (const token of [null, ""]) {
      const answer = await getJson(`${emulator.url}brands`, { token });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ data: { message: "Unauthenticated." } });
    }
  });

  test("403 on another user's collection that is not shared", async () => {
    const answer = await get("collections/6");
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({ data: { message: "This action is unauthorized." } });
  });

  test("errors come as HTML when the request does not ask for JSON", async () => {
    const answer = await getJson(`${emulator.url}brands/99999`, { accept: null });
    expect(answer.status).toBe(404);
    expect(answer.headers.get("content-type")).toMatch(/text\/html/);
    expect(answer.json).toBeUndefined();
  });

  test("only GET is served", async () => {
    const response = await fetch(`${emulator.url}brands`, {
      method: "POST",
      headers: { Authorization: "Bearer t", Accept: "application/json" },
    });
    expect(response.status).toBe(405);
    await response.text();
  });
});

describe("a configured token", () => {
  test("only that token is accepted", async () => {
    const strict = await startEmulator({ token: "s3cret", rateLimit: false });
    try {
      expect((await getJson(`${strict.url}regions`, { token: "other" })).status).toBe(401);
      expect((await getJson(`${strict.url}regions`, { token: "s3cret" })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
