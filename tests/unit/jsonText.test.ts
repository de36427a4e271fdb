/**
 * jsonText writes what JSON.stringify writes (bigints as text), and keeps writing where the value is
 * nested too deeply for JSON.stringify, which recurses: a list cell holding a record 10,000 levels
 * deep, a record written with flatten: false.
 */
import { jsonText, jsonTextWithoutRecursion } from "../../src/text/jsonText";
import { recordsToFrame } from "../../src/rows/rowShape";

const deep = (depth: number): unknown => JSON.parse(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);

const SAMPLES: unknown[] = [
  { a: 1, b: [1, "x", null, true, undefined, () => 1], c: { d: { e: [] }, f: {} }, g: undefined, h: new Date(0), i: 10n },
  [[], {}, [[[1]]], { "": "", __proto__: null }],
  JSON.parse('{"__proto__": {"constructor": 1}, "toString": [1, {"x": -0.5e-7}]}'),
  'text \u2028 "quoted"',
  Number.NaN,
];

test.each(SAMPLES.flatMap((value) => [0, 2].map((indent) => [value, indent] as const)))(
  "%p (indent %p): the iterative writer gives the same text as JSON.stringify",
  (value, indent) => {
    const expected = JSON.stringify(value, (_key, inner: unknown) => (typeof inner === "bigint" ? String(inner) : inner), indent);
    expect(jsonTextWithoutRecursion(value, indent)).toBe(expected);
    expect(jsonText(value, indent)).toBe(expected);
  },
);

test("a value 10,000 levels deep is written where JSON.stringify overflows, and reads back the same", () => {
  const value = deep(10_000);
  expect(() => JSON.stringify(value)).toThrow(RangeError);
  const text = jsonText(value)!;
  expect(text).toBe(`${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`);
  expect(jsonText(value, 1)!.split("\n")).toHaveLength(20_001);
});

test("a frame whose list cell holds a record 10,000 levels deep keeps it as JSON text", async () => {
  const frame = await recordsToFrame([{ id: 1, list: [deep(10_000)] }]);
  expect(frame.columns).toEqual(["id", "list"]);
  expect(String(frame.column("list").values[0])).toBe(`[${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}]`);
});
