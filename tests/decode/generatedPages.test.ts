import fc from "fast-check";
import { SHAPES, expectSameDecoding } from "./sameDecoding";

/**
 * A JSON value as written: numbers as their text (every form JSON has, not only the shortest a
 * double prints), strings as JSON.stringify writes them or with every character escaped, objects
 * as lists of entries (a key may come twice).
 */
type Written =
  | { kind: "object"; entries: Array<[string, Written]> }
  | { kind: "list"; items: Written[] }
  | { kind: "number"; text: string }
  | { kind: "string"; value: string; escapeAll: boolean }
  | { kind: "literal"; text: "true" | "false" | "null" };

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });

const numberText: fc.Arbitrary<string> = fc.oneof(
  // any double as JavaScript prints it: 17 digits, 5e-324, 1e+21, -0 printed as 0
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  fc.integer().map(String),
  fc.constantFrom(
    "-0",
    "-0.0",
    "0e0",
    "-0E-0",
    "1e400",
    "-1e400",
    "2147483647",
    "2147483648",
    "-2147483649",
    "9007199254740993",
    "0.1",
    "1.5e0",
  ),
  // any grammatical number: sign, integer part, fraction, exponent, up to 30 digits
  fc
    .record({
      negative: fc.boolean(),
      integer: fc.oneof(
        fc.constant("0"),
        fc.tuple(fc.constantFrom(..."123456789"), digits(0, 29)).map(([first, rest]) => first + rest),
      ),
      fraction: fc.option(digits(1, 25), { nil: undefined }),
      exponent: fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits(1, 3)), { nil: undefined }),
    })
    .map(
      ({ negative, integer, fraction, exponent }) =>
        `${negative ? "-" : ""}${integer}${fraction === undefined ? "" : `.${fraction}`}${exponent?.join("") ?? ""}`,
    ),
);

const AWKWARD_STRINGS = ["", '"', "\\", "/", "\u0000", "\u001f", "\u007f", "\u2028", "\ud800", "\udc00", "a\ud800b", "😀", "é", "中文"];
const NUMERIC_STRINGS = ["12", "-3", "1.5", "1e5", "0x10", "007", " 7 ", "NaN", "Infinity", "2147483648", "-0", "1_000"];

const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 8 }) },
  { weight: 2, arbitrary: fc.constantFrom(...AWKWARD_STRINGS, ...NUMERIC_STRINGS) },
);

/** Keys from a small pool (so records share them, in changing orders), awkward ones, and any. */
const key: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom("id", "name", "a", "b", "c", "a_b", "brand", "study", "brand_id", "x", "y", "é") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "0",
      "12",
      "4294967295",
      "-1",
      "1.5",
      "__proto__",
      "constructor",
      "toString",
      "a\\b",
      'q"',
      "\u0001",
      "😀",
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 4 }) },
);

const leaf: fc.Arbitrary<Written> = fc.oneof(
  { weight: 4, arbitrary: numberText.map((value): Written => ({ kind: "number", text: value })) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("string" as const), value: text, escapeAll: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constantFrom("true", "false", "null").map((value): Written => ({ kind: "literal", text: value as "true" })) },
);

const { value } = fc.letrec<{ value: Written; object: Written; list: Written }>((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, leaf, leaf, tie("object"), tie("list")),
  object: fc
    .oneof(
      // mostly distinct keys, sometimes a key twice
      { weight: 5, arbitrary: fc.uniqueArray(fc.tuple(key, tie("value")), { maxLength: 6, selector: ([name]) => name }) },
      { weight: 1, arbitrary: fc.array(fc.tuple(key, tie("value")), { maxLength: 4 }) },
    )
    .map((entries): Written => ({ kind: "object", entries })),
  list: fc.array(tie("value"), { maxLength: 3 }).map((items): Written => ({ kind: "list", items })),
}));

/** A record: a flat part most records share and a few nested or listed values; now and then a key twice. */
const record: fc.Arbitrary<Written> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.uniqueArray(fc.tuple(key, fc.oneof({ weight: 5, arbitrary: leaf }, { weight: 1, arbitrary: value })), {
          maxLength: 10,
          selector: ([name]) => name,
        }),
        fc.boolean(),
      )
      .map(([entries, shuffle]): Written => ({ kind: "object", entries: shuffle ? [...entries].reverse() : entries })),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom("a", "b", "id"), value), { maxLength: 5 })
      .map((entries): Written => ({ kind: "object", entries })),
  },
);

/** An object as an include is: distinct plain keys, leaves, now and then a list or an object inside. */
const { poolObject } = fc.letrec<{ poolObject: Written }>((tie) => ({
  poolObject: fc
    .uniqueArray(
      fc.tuple(
        fc.constantFrom("id", "name", "a", "b", "q", "sector", "é"),
        fc.oneof(
          { depthSize: "small", weight: 6, arbitrary: leaf },
          { weight: 1, arbitrary: tie("poolObject") },
          { weight: 1, arbitrary: fc.array(leaf, { maxLength: 2 }).map((items): Written => ({ kind: "list", items })) },
        ),
      ),
      { maxLength: 4, selector: ([name]) => name },
    )
    .map((entries): Written => ({ kind: "object", entries })),
}));

/**
 * Records whose nested objects come from a small pool (as a study's or a brand's object repeats
 * row after row), beside keys that may flatten onto theirs: the scanner takes a repeated object's
 * values from the row before.
 */
const recordsSharingObjects: fc.Arbitrary<Written[]> = fc
  .tuple(
    fc.array(poolObject, { minLength: 1, maxLength: 3 }),
    fc.array(
      fc.record({
        objects: fc.uniqueArray(fc.tuple(fc.constantFrom("a", "b", "brand", "study"), fc.nat(2)), {
          maxLength: 3,
          selector: ([name]) => name,
        }),
        // now and then a key that flattens onto an object's (a_b, brand_id, study_name) or repeats one (a)
        plain: fc.uniqueArray(
          fc.tuple(
            fc.oneof({ weight: 8, arbitrary: fc.constantFrom("id", "x", "y") }, fc.constantFrom("a_b", "brand_id", "study_name", "a")),
            leaf,
          ),
          { maxLength: 3, selector: ([name]) => name },
        ),
        plainFirst: fc.boolean(),
      }),
      { minLength: 1, maxLength: 10 },
    ),
  )
  .map(([pool, records]) =>
    records.map(({ objects, plain, plainFirst }): Written => {
      const nested = objects.map(([name, at]): [string, Written] => [name, pool[at % pool.length]]);
      return { kind: "object", entries: plainFirst ? [...plain, ...nested] : [...nested, ...plain] };
    }),
  );

/** A page: `data` among `meta`, `links` and other keys, in any order. */
const page: fc.Arbitrary<Written> = fc
  .record({
    records: fc.oneof(
      fc.array(record, { maxLength: 8 }),
      // the same keys in every record, as the service sends them, some left out or reordered
      fc
        .tuple(record, fc.array(fc.tuple(fc.array(leaf, { minLength: 10, maxLength: 10 }), fc.nat(3)), { maxLength: 8 }))
        .map(([first, others]) => [
          first,
          ...others.map(([values, variant]): Written => {
            const entries = (first as Extract<Written, { kind: "object" }>).entries.map(([name], index): [string, Written] => [
              name,
              values[index % values.length],
            ]);
            if (variant === 1) return { kind: "object", entries: entries.slice(1) };
            if (variant === 2) return { kind: "object", entries: [...entries].reverse() };
            return { kind: "object", entries };
          }),
        ]),
    ),
    others: fc.uniqueArray(fc.tuple(fc.constantFrom("meta", "links", "extra", "__proto__"), value), {
      maxLength: 3,
      selector: ([name]) => name,
    }),
    at: fc.nat(3),
  })
  .map(({ records, others, at }): Written => {
    const entries: Array<[string, Written]> = [...others];
    entries.splice(at % (others.length + 1), 0, ["data", { kind: "list", items: records }]);
    return { kind: "object", entries };
  });

/** Text of a written value; `space` gives the white space before each token (cycled). */
function write(written: Written, space: readonly string[]): string {
  let next = 0;
  const gap = () => (space.length === 0 ? "" : space[next++ % space.length]);
  const out = (item: Written): string => {
    switch (item.kind) {
      case "object":
        return `{${item.entries.map(([name, inner]) => `${gap()}${JSON.stringify(name)}${gap()}:${gap()}${out(inner)}${gap()}`).join(",")}}`;
      case "list":
        return `[${item.items.map((inner) => `${gap()}${out(inner)}${gap()}`).join(",")}]`;
      case "number":
      case "literal":
        return item.text;
      case "string":
        return item.escapeAll ? `"${[...item.value].map(escaped).join("")}"` : JSON.stringify(item.value);
    }
  };
  return `${gap()}${out(written)}${gap()}`;
}

const escaped = (character: string): string =>
  Array.from({ length: character.length }, (_, unit) => `\\u${character.charCodeAt(unit).toString(16).padStart(4, "0")}`).join("");

const spaces = fc.oneof(fc.constant([] as string[]), fc.array(fc.stringMatching(/^[ \t\r\n]{0,3}$/), { minLength: 1, maxLength: 5 }));
const shape = fc.constantFrom(...SHAPES.map(([, rowShape]) => rowShape));

/** Bytes a mutation puts in: the ones JSON's grammar turns on, and bytes that are not UTF-8. */
const MUTANT_BYTES = [...'{}[]",:\\-+.0123456789eEtfnu \t\n/']
  .map((character) => character.charCodeAt(0))
  .concat([0x00, 0x1f, 0x7f, 0x80, 0xbf, 0xc3, 0xe2, 0xed, 0xf0, 0xff]);
const mutation = fc.record({ at: fc.nat(), kind: fc.constantFrom("replace", "insert", "delete"), byte: fc.constantFrom(...MUTANT_BYTES) });

function mutated(bytes: Buffer, mutations: ReadonlyArray<{ at: number; kind: string; byte: number }>): Buffer {
  let out = bytes;
  for (const { at, kind, byte } of mutations) {
    const index = out.length === 0 ? 0 : at % out.length;
    if (kind === "replace" && out.length > 0) out = Buffer.concat([out.subarray(0, index), Buffer.of(byte), out.subarray(index + 1)]);
    else if (kind === "insert") out = Buffer.concat([out.subarray(0, index), Buffer.of(byte), out.subarray(index)]);
    else out = Buffer.concat([out.subarray(0, index), out.subarray(index + 1)]);
  }
  return out;
}

const RUNS = 1500;

describe("generated pages", () => {
  test("decode as JSON.parse decodes them, and most are taken by the scanner", () => {
    let scanned = 0;
    fc.assert(
      fc.property(page, spaces, shape, (written, space, rowShape) => {
        if (expectSameDecoding(Buffer.from(write(written, space)), rowShape)) scanned++;
      }),
      { numRuns: RUNS },
    );
    // a scanner that always fell back would pass the equality above: most pages must be its own
    expect(scanned).toBeGreaterThan(RUNS / 3);
  });

  test("with nested objects repeated from record to record decode as JSON.parse decodes them", () => {
    let scanned = 0;
    fc.assert(
      fc.property(recordsSharingObjects, spaces, shape, (records, space, rowShape) => {
        const body = write({ kind: "object", entries: [["data", { kind: "list", items: records }]] }, space);
        if (expectSameDecoding(Buffer.from(body), rowShape)) scanned++;
      }),
      { numRuns: RUNS },
    );
    expect(scanned).toBeGreaterThan(RUNS / 4);
  });

  test("with bytes mutated decode as JSON.parse decodes them", () => {
    let scanned = 0;
    fc.assert(
      fc.property(page, spaces, shape, fc.array(mutation, { minLength: 1, maxLength: 3 }), (written, space, rowShape, mutations) => {
        if (expectSameDecoding(mutated(Buffer.from(write(written, space)), mutations), rowShape)) scanned++;
      }),
      { numRuns: RUNS },
    );
    // some mutations keep the page valid (a digit for a digit, a space added): the scanner takes those
    expect(scanned).toBeGreaterThan(0);
  });

  test("UTF-8 decoding starts again at each ASCII byte: a slice between two ASCII bytes decodes as it does in the whole", () => {
    const byte = fc.oneof(
      fc.constantFrom(0x22, 0x41, 0x7b, 0x80, 0x9f, 0xbf, 0xc0, 0xc3, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf8, 0xff),
      fc.integer({ min: 0, max: 255 }),
    );
    fc.assert(
      fc.property(
        fc.array(byte, { maxLength: 40 }),
        fc.array(byte, { maxLength: 40 }),
        fc.array(byte, { maxLength: 40 }),
        (before, inside, after) => {
          const whole = Buffer.from([...before, 0x22, ...inside, 0x22, ...after]);
          // the slice between the first quote after `before` and the next quote, as the scanner cuts a string
          const start = before.length + 1;
          const end = whole.indexOf(0x22, start);
          const decoded = whole.toString("utf8");
          const prefix = whole.subarray(0, start).toString("utf8");
          expect(decoded.slice(prefix.length, prefix.length + whole.subarray(start, end).toString("utf8").length)).toBe(
            whole.subarray(start, end).toString("utf8"),
          );
          expect(decoded).toBe(prefix + whole.subarray(start).toString("utf8"));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
