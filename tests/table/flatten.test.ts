/**
 * The one flattener (src/table/flatten.ts) against the flattener of objects it replaced
 * (recordRows, kept as tests/table/oldRecordRows.ts): the same column names in the same order, the
 * same rows in the same order with the same cells, through both of its doors — rows of cells for
 * frames, exports and workers (gatherRecords) and row objects for the public flattenRecords.
 */
import { gatherRecords, RecordGatherer } from "../../src/table/flatten";
import { flattenRecord, flattenRecords } from "../../src/table/flattenRecords";
import type { JsonRecord } from "../../src/table/types";
import { oldRecordRows } from "./oldRecordRows";

type Entries = Array<[string, unknown]>;

/** What the old code made of records: recordRows' objects, and the columns a gatherer of them had. */
function oldFlatten(records: readonly JsonRecord[], globalIncludes: ReadonlySet<string>, stackLists: boolean) {
  const rows = records.flatMap((record) => oldRecordRows(record, globalIncludes, stackLists));
  const names: string[] = [];
  const seen = new Set<string>();
  for (const row of rows)
    for (const key of Object.keys(row)) {
      if (seen.has(key)) continue;
      seen.add(key);
      names.push(key);
    }
  return { rows, names };
}

/** Values compared by identity: a 10,000-deep list is the same list, not walked. */
function sameEntries(actual: Entries, expected: Entries): string | undefined {
  if (actual.length !== expected.length) return `${actual.length} fields, expected ${expected.length}`;
  for (let index = 0; index < actual.length; index++) {
    const [key, value] = actual[index];
    if (key !== expected[index][0] || !Object.is(value, expected[index][1])) {
      return `field ${index}: ${key.slice(0, 40)}=${String(value)} expected ${expected[index][0].slice(0, 40)}=${String(expected[index][1])}`;
    }
  }
  return undefined;
}

function expectSameAsOld(records: readonly JsonRecord[], globalIncludes: ReadonlySet<string>, stackLists: boolean): void {
  const old = oldFlatten(records, globalIncludes, stackLists);

  // rows of cells, fed a few records at a time as a pull's pages are
  const gatherer = new RecordGatherer({ globalIncludes, stackData: stackLists });
  for (let from = 0; from < records.length; from += 3) gatherer.add(records.slice(from, from + 3));
  const gathered = gatherer.result();
  expect(gathered.names).toEqual(old.names);
  expect(gathered.rows).toHaveLength(old.rows.length);
  expect(gathered.stats.rowCount).toBe(old.rows.length);
  gathered.rows.forEach((cells, row) => {
    const expected: Entries = old.names.map((name) => [name, Object.hasOwn(old.rows[row], name) ? old.rows[row][name] : undefined]);
    const actual: Entries = old.names.map((name, column) => [name, cells[column]]);
    expect(sameEntries(actual, expected)).toBeUndefined();
  });

  // row objects: keys in the record's order, own `__proto__` fields kept
  const flattened = flattenRecords(records, { globalIncludes, stackData: stackLists });
  expect(flattened).toHaveLength(old.rows.length);
  flattened.forEach((row, index) => {
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(sameEntries(Object.entries(row), Object.entries(old.rows[index]))).toBeUndefined();
  });
}

const NONE: ReadonlySet<string> = new Set();
const BRAND: ReadonlySet<string> = new Set(["brand", "study"]);

function deep(levels: number, leaf: unknown, wrap: (inner: unknown) => unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = wrap(value);
  return value;
}

const AWKWARD: Record<string, JsonRecord[]> = {
  "objects nested 10,000 levels": [{ id: 1, a: deep(10_000, 7, (inner) => ({ a: inner, b: 1 })) as JsonRecord, z: 2 }],
  "a list at the bottom of 10,000 levels": [{ id: 1, a: deep(10_000, [1, 2, { c: 3 }], (inner) => ({ a: inner })) as JsonRecord }],
  "lists nested 10,000 levels": [{ id: 1, a: deep(10_000, [1, 2], (inner) => [inner]) as JsonRecord, z: [] }],
  "lists of lists": [{ id: 1, x: [[1, 2], [3], []], y: [[{ a: 1 }, { b: 2 }], [{ a: 3 }]] }],
  "empty lists and empty objects": [
    { id: 1, x: [], y: [[]], z: {}, w: [{}], v: { e: [] } },
    { id: 2, x: [{ a: 1 }], v: { e: [1] } },
    { x: [] },
    {},
  ],
  "lists of scalars, product order": [{ id: 1, tags: ["a", "b", "c"], n: [1, 2], flag: [true, null, false] }],
  "rows of one record with different fields": [
    { x: [{ a: 1 }, { b: 2, c: [5, 6] }], y: 3 },
    { y: 4, x: [{ d: 1 }] },
  ],
  __proto__: [
    JSON.parse('{"__proto__": {"x": 1, "__proto__": 2}, "a": {"__proto__": [3, 4]}, "b": 1}') as JsonRecord,
    JSON.parse('{"__proto__": 5, "l": [{"__proto__": 6}, {"__proto__": null}]}') as JsonRecord,
  ],
  "global includes": [
    { brand_name: "Toyota (US)", brand: { id: 1, name: "Toyota", sector: { id: 2 } }, study: { id: 3 }, category: { id: 4 } },
    { brand: null, study: [{ id: 5 }], nested: { brand: { id: 6 } } },
    { brand: [{ name: "as a list: never prefixed" }], global_brand_name: "clash" },
  ],
  "mixed key orders and clashing names": [
    { a: 1, b: { c: 2 }, b_c: 9 },
    { b_c: 8, b: { c: 3 }, a: 4 },
    { d: 5, a: 6, b: { d: { e: 1 } }, b_d_e: [7] },
    { "1": 1, z: [{ "5": 1 }, { "0": 2 }] },
    { "": { a: 1 }, a: 2, _a: { "": 3 } },
  ],
};

describe("the one flattener against recordRows", () => {
  for (const [name, records] of Object.entries(AWKWARD)) {
    for (const stackLists of [false, true]) {
      for (const [rule, globalIncludes] of [
        ["no global_ rule", NONE],
        ["global_ brand and study", BRAND],
      ] as const) {
        it(`${name}: ${stackLists ? "stacked" : "lists as values"}, ${rule}`, () => expectSameAsOld(records, globalIncludes, stackLists));
      }
    }
  }

  it("random records (seeded): nested objects, lists and clashing keys, 3 × 300 records", () => {
    for (const seed of [1, 2, 3]) {
      const random = mulberry32(seed);
      const records = Array.from({ length: 300 }, () => randomRecord(random));
      for (const stackLists of [false, true]) expectSameAsOld(records, BRAND, stackLists);
    }
  });
});

describe("the one flattener's own guarantees", () => {
  it("an object under an empty key flattens as `_child` for frames too (the old cell path named it `child`)", () => {
    const { names } = gatherRecords([{ a: 1, "": { a: 2 } }], { stackData: false, globalIncludes: NONE });
    expect(names).toEqual(["a", "_a"]);
  });

  it("integer-like keys: columns in the record's field order; row objects order them as JavaScript does", () => {
    // JSON.parse puts "1" before "2" and "z"; an object puts integer-like keys first, so recordRows'
    // rows had "2" before "1_0", and a stacked frame (which went through them) did too, while an
    // unstacked frame had "1_0" first: the one flattener keeps the record's order for both
    const records = [JSON.parse('{"2": 1, "1": {"0": 3}, "z": [{"5": 1}]}') as JsonRecord];
    for (const stackData of [false, true]) {
      expect(gatherRecords(records, { stackData, globalIncludes: NONE }).names.slice(0, 2)).toEqual(["1_0", "2"]);
      const rows = flattenRecords(records, { stackData });
      expect(rows.map((row) => Object.entries(row))).toEqual(oldFlatten(records, NONE, stackData).rows.map((row) => Object.entries(row)));
    }
  });

  it("a flat record comes back as the same object; a record is never modified", () => {
    const flat = { id: 1, tags: [1] };
    expect(flattenRecords([flat])[0]).toBe(flat);
    expect(flattenRecord(flat, NONE)).toBe(flat);
    const nested = { id: 1, l: [{ a: 1 }, { a: 2 }], o: { p: 1 } };
    flattenRecords([nested], { stackData: true });
    expect(nested).toEqual({ id: 1, l: [{ a: 1 }, { a: 2 }], o: { p: 1 } });
  });

  it("a wide record's row holds no object per field: its cells are the record's values", () => {
    const record: JsonRecord = {};
    for (let index = 0; index < 400; index++) record[`metric_${index}`] = index % 7 === 0 ? null : index / 3;
    const { names, rows } = gatherRecords([record, record], { stackData: true, globalIncludes: BRAND });
    expect(names).toHaveLength(400);
    expect(rows[1]).toEqual(Object.values(record));
  });
});

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ["a", "b", "a_b", "brand", "study", "__proto__", "1", "", "x"];

function randomRecord(random: () => number): JsonRecord {
  return randomObject(random, 0);
}

function randomObject(random: () => number, depth: number): JsonRecord {
  const record: JsonRecord = {};
  const fields = Math.floor(random() * 5);
  for (let field = 0; field < fields; field++) {
    const key = KEYS[Math.floor(random() * KEYS.length)];
    Object.defineProperty(record, key, { value: randomValue(random, depth), enumerable: true, writable: true, configurable: true });
  }
  return record;
}

function randomValue(random: () => number, depth: number): unknown {
  const pick = random();
  if (depth > 3 || pick < 0.5) return [1, "s", null, true, 2.5][Math.floor(random() * 5)];
  if (pick < 0.75) return randomObject(random, depth + 1);
  return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, depth + 1));
}
