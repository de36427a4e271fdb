import { ValidationError } from "../../src/errors";
import { Query } from "../../src/query/query";

describe("Query", () => {
  test("toParams uses wire names, joins lists, encodes flags and dates, in a fixed order", () => {
    const query = new Query({
      filters: {
        countryCodes: ["US", "GB"],
        active: true,
        private: false,
        capitals: true,
        updatedSince: new Date("2024-01-31T00:00:00Z"),
        name: "swat",
      },
      fields: ["id", "name"],
      include: "brand,study",
      sort: "-differentiation_rank",
      page: 2,
      perPage: 50,
      metricKeys: ["differentiation", "relevance"],
    });
    expect(query.toParams("brand-metrics")).toEqual({
      page: 2,
      per_page: 50,
      "filter[active]": "1",
      "filter[capitals]": "true",
      "filter[country_codes]": "US,GB",
      "filter[name]": "swat",
      "filter[private]": "0",
      "filter[updated_since]": "2024-01-31 00:00:00",
      "fields[brand_metrics]": "id,name",
      include: "brand,study",
      sort: "-differentiation_rank",
      metric_keys: "differentiation,relevance",
    });
    expect(Object.keys(query.toParams("brands"))).toEqual(Object.keys(new Query(query.toJSON()).toParams("brands")));
  });

  test.each([
    [{ maxPages: 1 }, true],
    [{ page: 3 }, true],
    [{ page: 3, perPage: 10 }, false],
    [{ page: 3, maxPages: 2 }, false],
    [{}, false],
    [{ perPage: 10 }, false],
  ])("isSinglePage(%j) is %s", (init, expected) => {
    expect(new Query(init).isSinglePage()).toBe(expected);
  });

  test("page, perPage, maxPages must be positive integers; perPage at most 1000", () => {
    for (const bad of [0, -1, 1.5, "2"]) {
      expect(() => new Query({ page: bad as number })).toThrow(ValidationError);
      expect(() => new Query({ maxPages: bad as number })).toThrow(/maxPages/);
    }
    expect(() => new Query({ perPage: 1001 })).toThrow(/perPage.*1000/);
    expect(new Query({ perPage: 1000 }).perPage).toBe(1000);
  });

  test("unknown fields are refused with the allowed list", () => {
    // @ts-expect-error a misspelt field is a type error, and refused at run time too
    const misspelt = () => new Query({ filter: {} });
    expect(misspelt).toThrow(/^filter: is not a query field \(did you mean filters\?\); allowed: id, itemId, filters/);
  });

  test("paginated yields consecutive pages from page ?? 1", () => {
    const pages = [...new Query({ filters: { name: "a" }, page: 3 }).paginated(3, 25)];
    expect(pages.map((q) => [q.page, q.perPage, q.filters.name])).toEqual([
      [3, 25, "a"],
      [4, 25, "a"],
      [5, 25, "a"],
    ]);
    expect([...new Query().paginated(2)].map((q) => q.page)).toEqual([1, 2]);
  });

  test("withPage overrides with truthy values only and keeps filters; the original is untouched", () => {
    const original = new Query({ filters: { name: "a" }, page: 2, perPage: 10 });
    const next = original.withPage({ page: 5, perPage: 0, maxPages: undefined });
    expect([next.page, next.perPage, next.filters]).toEqual([5, 10, { name: "a" }]);
    expect(original.page).toBe(2);
    expect(Object.isFrozen(original)).toBe(true);
  });

  test("withPage's queries give the parameters a query made afresh gives, and still check their page fields", () => {
    const original = new Query({
      filters: { studies: [3, 1, 2], name: "a", active: true },
      include: ["brand", "study"],
      metricKeys: "energy",
      sort: "name",
      perPage: 100,
    });
    for (const change of [{ page: 2 }, { page: 7, perPage: 1000 }, { maxPages: 3 }]) {
      const fresh = new Query({ ...original.toInit(), ...change });
      expect(original.withPage(change).toParams("brandscape-data")).toEqual(fresh.toParams("brandscape-data"));
      expect(Object.keys(original.withPage(change).toParams("brands"))).toEqual(Object.keys(fresh.toParams("brands")));
      expect(original.withPage(change).toJSON()).toEqual(fresh.toJSON());
    }
    expect(() => original.withPage({ page: -1 })).toThrow(ValidationError);
    expect(() => original.withPage({ perPage: 1001 })).toThrow(/perPage/);
    expect(Object.isFrozen(original.withPage({ page: 2 }))).toBe(true);
  });

  test("a query keeps its own copy of a list or date filter: the caller changing theirs later changes nothing", () => {
    const studies = [1, 2];
    const since = new Date("2024-01-31T00:00:00Z");
    const query = new Query({ filters: { studies, updatedSince: since } });
    const before = query.withPage({ page: 1 }).toParams("brands");
    studies.push(3);
    since.setUTCFullYear(2020);
    expect(query.filters.studies).toEqual([1, 2]);
    expect(query.withPage({ page: 1 }).toParams("brands")).toEqual(before);
    expect(new Query({ filters: { studies } }).toParams("brands")["filter[studies]"]).toBe("1,2,3");
  });

  test("ensure: falsy extras dropped, the query wins on overlap, filters merged", () => {
    const query = new Query({ filters: { name: "a" }, perPage: 10 });
    const ensured = Query.ensure(query, { filters: { name: "b", active: 1 }, perPage: 50, page: 0, include: [] });
    expect(ensured.filters).toEqual({ name: "a", active: 1 });
    expect(ensured.perPage).toBe(10);
    expect(ensured.page).toBeUndefined();
    expect(ensured.include).toBeUndefined();
    expect(Query.ensure(undefined, { sort: "name", search: "" }).toJSON()).toEqual({ sort: "name" });
  });

  test("toJSON / fromJSON round-trips, also through a string", () => {
    const query = new Query({
      id: 7,
      filters: { studies: [1, 2], updated_since: new Date("2024-02-01T10:00:00Z") },
      include: ["brand"],
      maxPages: 3,
    });
    const json = JSON.stringify(query);
    const back = Query.fromJSON(json);
    expect(back.toJSON()).toEqual(JSON.parse(json));
    expect(back.toParams("brands")).toEqual({ ...query.toParams("brands") });
    expect(back.path("brands")).toBe("brands/7");
  });

  test("an item query is not paged on the wire: toParams leaves out page and per_page, path names the item", () => {
    const item = new Query({ id: 3, page: 2, perPage: 5, include: "company" });
    expect(item.toParams("brands")).toEqual({ include: "company" });
    expect(item.path("brands")).toBe("brands/3");
    expect(new Query({ page: 2, perPage: 5 }).toParams("brands")).toEqual({ page: 2, per_page: 5 });
  });

  test("ensure builds its query from both sides at once: a raw query's itemId still beats an extra id", () => {
    expect(Query.ensure({ itemId: 3, sort: "" }, { id: 4, sort: "name", filters: { name: "b" } }).toJSON()).toEqual({
      id: 3,
      sort: "name",
      filters: { name: "b" },
    });
    expect(Query.ensure({ filters: { name: null, countryCodes: "US" } }, { filters: { name: "b" } }).filters).toEqual({
      name: "b",
      country_codes: "US",
    });
    // @ts-expect-error a query that is not an object, as plain JavaScript could pass it
    expect(() => Query.ensure("brands", {})).toThrow(/^query: must be an object of query fields/);
  });

  test("itemId is an alias of id; conflicting values are refused", () => {
    expect(new Query({ itemId: 4 }).id).toBe(4);
    expect(() => new Query({ id: 1, itemId: 2 })).toThrow(/itemId/);
  });

  test("ensure takes a plain query init too, and an extra itemId loses to the query's id", () => {
    expect(Query.ensure({ page: 2 }, { perPage: 3 }).toJSON()).toEqual({ page: 2, perPage: 3 });
    expect(Query.ensure(new Query({ id: 3 }), { itemId: 4 }).id).toBe(3);
    expect(Query.ensure(undefined, { itemId: 4 }).id).toBe(4);
    // @ts-expect-error null extras, as plain JavaScript could pass them
    const withNull = () => Query.ensure(undefined, null);
    expect(withNull).toThrow(ValidationError);
  });

  test("fromJSON: a string that is not JSON is a ValidationError", () => {
    expect(() => Query.fromJSON("{page: 2")).toThrow(ValidationError);
    expect(() => Query.fromJSON("{page: 2")).toThrow(/^json: is not a saved query/);
  });

  test.each([["3"], [1.5], [-1], [NaN]])("paginated(%p) is refused at the call, not at the first page", (nPages) => {
    expect(() => new Query().paginated(nPages as number)).toThrow(/^nPages: must be a whole number of pages >= 0/);
  });

  test("paginated(0) is no pages; withPage() with no argument is a copy", () => {
    expect([...new Query().paginated(0)]).toEqual([]);
    expect(new Query({ page: 2 }).withPage().toJSON()).toEqual({ page: 2 });
  });

  test("toParams without an endpoint is a ValidationError naming it", () => {
    // @ts-expect-error no endpoint, as plain JavaScript could call it
    const withoutEndpoint = () => new Query().toParams();
    expect(withoutEndpoint).toThrow(/^endpoint: must be the resource/);
  });

  test.each([[{ b: 1 }], [() => 1], [[true, false]], [new Date(NaN)], [[{ id: 1 }]]])(
    "a filter value %p that no wire form fits is refused",
    (value) => {
      // values the types refuse, given as plain JavaScript would
      expect(() => new Query(Object.fromEntries([["filters", { a: value }]]))).toThrow(
        /^filters\.a: must be a string, number, boolean, Date or a list/,
      );
    },
  );
});
