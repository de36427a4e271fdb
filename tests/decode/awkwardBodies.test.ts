import { scanPage } from "../../src/decode/pageScanner";
import { SHAPES, expectSameDecoding, utf8 } from "./sameDecoding";

const flat = SHAPES[0][1];
const brandscape = SHAPES[2][1];

/** Bodies the scanner must answer exactly as JSON.parse does (those with a list in a record only when lists do not stack). */
const TAKEN: ReadonlyArray<[string, string, "list in a record"?]> = [
  ["an empty page", `{"data":[]}`],
  ["an empty page with meta", `{"data":[],"meta":{"total":0}}`],
  ["meta before data, links between", `{"meta":{"a":[1,{"b":"}"}]},"links":{"next":null},"data":[{"id":1}]}`],
  [
    "white space everywhere",
    ` \t\r\n{ "data" : [ { "id" : 1 , "a" : { "b" : [ 1 , 2 ] , "c" : { } } } , { } ] , "meta" : null } \n`,
    "list in a record",
  ],
  ["empty records", `{"data":[{},{},{"a":1}]}`],
  ["missing keys and keys in another order", `{"data":[{"id":1,"a":1,"b":"x"},{"b":"y","id":2},{"c":true,"a":2.5,"id":3}]}`],
  ["a column all numbers but one missing", `{"data":[{"a":1},{"b":2},{"a":3}]}`],
  ["-0 and 0", `{"data":[{"a":-0,"b":0,"c":-0.0,"d":0e5,"e":-0E-0}]}`],
  [
    "numbers of every kind",
    `{"data":[{"a":1.7976931348623157e308,"b":5e-324,"c":1e400,"d":-1e400,"e":123456789012345678901234567890,"f":0.1,"g":0.30000000000000004,"h":9007199254740993,"i":-2147483649,"j":2147483647,"k":1E+2,"l":1e-7,"m":123456789012345.6,"n":0.000000000000001,"o":1.5e0}]}`,
  ],
  [
    "15, 16 and 17 digits",
    `{"data":[{"a":123456789012345,"b":1234567890123456,"c":12345678901234567,"d":0.12345678901234567,"e":999999999999999.9}]}`,
  ],
  [
    "escapes, surrogate pairs and lone surrogates",
    String.raw`{"data":[{"a":"\"\\\/\b\f\n\r\t","b":"\u00e9\u4e2d\ud83d\ude00","c":"\ud800","d":"\udc00x","e":"\u0000","f":"\uDBFF\uDFFF"}]}`,
  ],
  ["non-ASCII strings and keys", `{"data":[{"é":"ü","中文":"日本語","emoji":"😀","ключ":"значение"},{"é":"x","中文":"y"}]}`],
  ["nulls and booleans", `{"data":[{"a":null,"b":true,"c":false},{"a":1,"b":null,"c":true}]}`],
  ["numeric strings then text (stats count in row order)", `{"data":[{"a":"12"},{"a":"x"},{"a":"1.5"},{"b":"x"},{"b":"7"}]}`],
  [
    "nested objects and lists",
    `{"data":[{"id":1,"brand":{"id":2,"name":"B","sector":{"id":3}},"tags":["a",{"b":[]}],"empty":[]}]}`,
    "list in a record",
  ],
  ["ids past int32, string ids, missing ids", `{"data":[{"id":2147483648},{"id":"7"},{"x":1}]}`],
  ["an id that is a list", `{"data":[{"id":[1,2]}]}`, "list in a record"],
  [
    "keys looking like the prototype's",
    `{"data":[{"__proto__":1,"constructor":2,"toString":"x","hasOwnProperty":null,"__proto__x":{"__proto__":3}}]}`,
  ],
  ["a key with a minus or a dot, not an array index", `{"data":[{"-1":1,"1.5":2,"1e3":3," 1":4}]}`],
  ["deep nesting", `{"data":[{"a":${'{"b":'.repeat(300)}1${"}".repeat(300)}}]}`],
  ["strings with DEL and unescaped U+2028", `{"data":[{"a":"\u007f","b":"\u2028\u2029"}]}`],
  // a nested object whose text repeats the previous record's takes that row's values again
  [
    "an object repeated row after row, then changed, then back",
    `{"data":[{"id":1,"s":{"id":7,"n":"A","p":{"x":1.5,"y":null,"z":true}}},{"id":2,"s":{"id":7,"n":"A","p":{"x":1.5,"y":null,"z":true}}},{"id":3,"s":{"id":7,"n":"A","p":{"x":1.5,"y":null,"z":true}}},{"id":4,"s":{"id":7,"n":"B","p":{"x":1.5,"y":null,"z":true}}},{"id":5,"s":{"id":7,"n":"A","p":{"x":1.5,"y":null,"z":true}}}]}`,
  ],
  [
    "an inner object repeated while its parent changes",
    `{"data":[{"b":{"id":1,"s":{"id":9,"n":"X"}}},{"b":{"id":2,"s":{"id":9,"n":"X"}}},{"b":{"id":3,"s":{"id":9,"n":"Y"}}}]}`,
  ],
  [
    "repeated objects with escapes, text and numeric strings",
    String.raw`{"data":[{"o":{"a":"\u00e9\"q","b":"12","c":"é"}},{"o":{"a":"\u00e9\"q","b":"12","c":"é"}},{"o":{"a":"\u00e9\"q","b":"13","c":"é"}}]}`,
  ],
  ["a repeated object with a key missing the next time", `{"data":[{"o":{"a":1,"b":2}},{"o":{"a":1,"b":2}},{"o":{"a":1}},{"o":{"a":1}}]}`],
  ["a repeated object after a record without it", `{"data":[{"o":{"a":1}},{"x":2},{"o":{"a":1}},{"o":{"a":1}}]}`],
  ["a repeated empty object", `{"data":[{"o":{},"a":1},{"o":{},"a":2},{"o":{ },"a":3}]}`],
  ["a repeated object with white space inside", `{"data":[{"o":{ "a" : 1 }},{"o":{ "a" : 1 }},{"o":{"a":1}}]}`],
  [
    "a repeated object whose column was missing in a record between",
    `{"data":[{"o":{"a":1}},{"o":{"b":1}},{"o":{"b":1}},{"o":{"a":1}},{"o":{"a":1}}]}`,
  ],
  [
    "a repeated object holding a list (each row its own list)",
    `{"data":[{"o":{"l":[1,{"x":2}],"a":1}},{"o":{"l":[1,{"x":2}],"a":1}},{"o":{"l":[1,{"x":2}],"a":1}}]}`,
    "list in a record",
  ],
  [
    "the keys after a repeated object, in the previous record's order",
    `{"data":[{"a":1,"o":{"p":1,"q":{"r":2}},"b":2,"c":3},{"a":2,"o":{"p":1,"q":{"r":2}},"b":3,"c":4},{"a":3,"o":{"p":1,"q":{"r":3}},"c":5,"b":4}]}`,
  ],
];

/** Bodies the scanner must leave to JSON.parse. */
const LEFT: ReadonlyArray<[string, string | Uint8Array]> = [
  ["a leading zero", `{"data":[{"a":01}]}`],
  ["a control character in a string", `{"data":[{"a":"x\u0001y"}]}`],
  ["a tab in a string", `{"data":[{"a":"x\ty"}]}`],
  ["a trailing comma in a record", `{"data":[{"a":1,}]}`],
  ["a trailing comma in the list", `{"data":[{"a":1},]}`],
  ["garbage after the body", `{"data":[{"a":1}]}x`],
  ["a second body", `{"data":[]}{}`],
  ["a byte order mark", `\ufeff{"data":[{"a":1}]}`],
  ["an array-index key", `{"data":[{"b":1,"12":2}]}`],
  ["an array-index key in a nested object", `{"data":[{"b":{"x":1,"0":2}}]}`],
  ["an escaped key", String.raw`{"data":[{"\u0061":1}]}`],
  ["an empty key", `{"data":[{"":{"x":1}}]}`],
  ["a duplicate key", `{"data":[{"a":1,"a":2}]}`],
  ["a duplicate key, object then number", `{"data":[{"a":{"x":1},"a":2}]}`],
  ["a duplicate object key", `{"data":[{"a":{"x":1},"a":{"y":2}}]}`],
  ["a duplicate top-level key", `{"data":[{"a":1}],"data":[]}`],
  ["two keys flattening to one column", `{"data":[{"a":{"b":1},"a_b":2}]}`],
  // the keys of a record that repeat the previous record's go unchecked until one does not
  ["a key twice in a later record, the second where the previous record had it", `{"data":[{"a":1,"c":2,"b":3},{"a":1,"b":2,"b":3}]}`],
  ["a key twice in a later record, the first where the previous record had it", `{"data":[{"a":1,"b":2,"c":3},{"a":1,"b":2,"a":3}]}`],
  ["a later record's key flattening onto an earlier nested one", `{"data":[{"p":{"q":1},"z":0},{"p":{"q":1},"p_q":5}]}`],
  ["a later record's nested key flattening onto an earlier one", `{"data":[{"p_q":1,"p":{"r":1}},{"p_q":1,"p":{"q":5}}]}`],
  ["a repeated object's key flattening onto a key before it", `{"data":[{"p":{"q":1}},{"p_q":5,"p":{"q":1}}]}`],
  ["a repeated object's key flattening onto a key after it", `{"data":[{"p":{"q":1}},{"p":{"q":1},"p_q":5}]}`],
  ["a key twice after a repeated object", `{"data":[{"p":{"q":1},"a":1},{"p":{"q":1},"a":1,"a":2}]}`],
  ["a repeated object given twice", `{"data":[{"p":{"q":1}},{"p":{"q":1},"p":{"q":1}}]}`],
  ["an id that is an object", `{"data":[{"id":{"x":1}}]}`],
  ["a record that is not an object", `{"data":[{"a":1},2]}`],
  ["a record that is null", `{"data":[null]}`],
  ["data not a list", `{"data":{"a":1}}`],
  ["no data", `{"meta":{}}`],
  ["a body that is a list", `[{"a":1}]`],
  ["numbers JSON does not have", `{"data":[{"a":+1}]}`],
  ["a bare minus", `{"data":[{"a":-}]}`],
  ["a dot without digits", `{"data":[{"a":1.}]}`],
  ["an exponent without digits", `{"data":[{"a":1e}]}`],
  ["NaN", `{"data":[{"a":NaN}]}`],
  ["a bad literal", `{"data":[{"a":tru}]}`],
  ["a bad escape", String.raw`{"data":[{"a":"\x"}]}`],
  ["a short unicode escape", String.raw`{"data":[{"a":"\u12"}]}`],
  ["an unterminated string", `{"data":[{"a":"abc`],
  ["a cut body", `{"data":[{"a":1},{"b":`],
  ["an empty body", ``],
  ["single quotes", `{"data":[{'a':1}]}`],
  ["a bad meta", `{"data":[],"meta":{"a":}}`],
  ["a bad list in a record", `{"data":[{"a":[1,]}]}`],
  ["a list bracket mismatch", `{"data":[{"a":[1}]}]}`],
  ["a key without a colon", `{"data":[{"a" 1}]}`],
];

describe("the page scanner", () => {
  // every row three long: jest takes a third parameter a row lacks for a `done` callback
  test.each(TAKEN.map(([name, body, list]) => [name, body, list === "list in a record"] as const))(
    "answers as JSON.parse does: %s",
    (_name, body, list) => {
      for (const [, shape] of SHAPES) expect(expectSameDecoding(utf8(body), shape)).toBe(!(shape.stackData && list));
    },
  );

  test("gives each row its own list when a repeated object holds one, as JSON.parse does", () => {
    const record = `{"o":{"l":[1,{"x":2}],"a":1}}`;
    const scanned = scanPage(utf8(`{"data":[${record},${record},${record}]}`), flat)!;
    const lists = scanned.chunk.columns[scanned.chunk.names.indexOf("o_l")] as unknown[];
    expect(lists).toEqual([
      [1, { x: 2 }],
      [1, { x: 2 }],
      [1, { x: 2 }],
    ]);
    expect(new Set(lists).size).toBe(3);
  });

  test("takes invalid UTF-8 in strings and keys as decoding the whole body does", () => {
    const pieces = [
      `{"data":[{"a":"`,
      [0xff, 0xc3],
      `","b`,
      [0xe2, 0x82],
      `":"x`,
      [0xf0, 0x9f, 0x98],
      `y","c":"`,
      [0xed, 0xa0, 0x80],
      `"}]}`,
    ];
    const bytes = Buffer.concat(pieces.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : Buffer.from(piece))));
    expect(expectSameDecoding(bytes, flat)).toBe(true);
  });

  test.each(LEFT)("leaves to JSON.parse: %s", (_name, body) => {
    for (const [, shape] of SHAPES) {
      const bytes = typeof body === "string" ? utf8(body) : body;
      expect(scanPage(bytes, shape)).toBeUndefined();
      expectSameDecoding(bytes, shape);
    }
  });

  test("leaves a page with a list to JSON.parse when lists stack, and takes it when they do not", () => {
    const body = utf8(`{"data":[{"id":1,"a":{"b":[1,2]}}]}`);
    expect(scanPage(body, SHAPES[1][1])).toBeUndefined();
    expect(expectSameDecoding(body, SHAPES[1][1])).toBe(false);
    expect(expectSameDecoding(body, flat)).toBe(true);
  });

  test("prefixes the global includes' objects, not their plain values", () => {
    const body = utf8(`{"data":[{"brand_id":1,"brand":{"id":1,"name":"B"}},{"brand":"plain","study":{"country":{"code":"US"}}}]}`);
    expect(expectSameDecoding(body, brandscape)).toBe(true);
    expect(scanPage(body, brandscape)!.chunk.names).toEqual([
      "brand_id",
      "global_brand_id",
      "global_brand_name",
      "brand",
      "global_study_country_code",
    ]);
  });

  test("makes a number column a Float64Array, and a column with a gap or a string an array", () => {
    const { chunk, ids } = scanPage(utf8(`{"data":[{"id":1,"a":1,"b":1,"c":"x"},{"id":2,"b":"2","c":null}]}`), flat)!;
    expect(chunk.columns[0]).toEqual(Float64Array.from([1, 2]));
    expect(chunk.columns[1]).toEqual([1, undefined]);
    expect(chunk.columns[2]).toEqual([1, "2"]);
    expect(ids).toEqual(Float64Array.from([1, 2]));
    expect(ids).not.toBe(chunk.columns[0]);
  });
});
