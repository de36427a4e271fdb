// Run by columnKinds.test.ts with --allow-natives-syntax: builds tables from page chunks, then from
// records, three times each in one process and prints, for the last of each, which columns hold
// unboxed doubles.
import { FrameBuilder } from "../../../src/rows/rowShape";
import type { PageChunk } from "../../../src/table/types";

const isDoubles = new Function("array", "return %HasDoubleElements(array)") as (array: unknown) => boolean;

const ROWS = 200;
const counts = (width: number) => ({
  present: new Int32Array(width).fill(ROWS),
  numbers: Int32Array.of(0, ROWS, 0, ROWS),
  numericStrings: new Int32Array(width),
  otherStrings: Int32Array.of(ROWS, 0, ROWS, 0),
  booleans: new Int32Array(width),
  structured: new Int32Array(width),
  notInt32: Uint8Array.of(0, 1, 0, 1),
});

function chunk(): PageChunk {
  const text = Array.from({ length: ROWS }, (_, row) => `t${row}`);
  const numbers = Float64Array.from({ length: ROWS }, (_, row) => row + 0.5);
  return { names: ["a", "b", "c", "d"], columns: [text, numbers, text.slice(), numbers.slice()], rowCount: ROWS, stats: counts(4) };
}

// e: numbers spelled as text (the service's funnel percentages), f: numbers with a null among them
const records = Array.from({ length: ROWS }, (_, row) => ({
  a: `t${row}`,
  b: row + 0.5,
  c: `u${row}`,
  d: row + 0.25,
  e: `${row}.5`,
  f: row % 5 ? row + 0.5 : null,
}));

const kinds: Record<string, boolean[]> = {};
for (let round = 0; round < 3; round++) {
  const fromChunks = new FrameBuilder();
  if (round === 2) fromChunks.expectRows(3 * ROWS);
  for (let page = 0; page < 3; page++) fromChunks.addRows({ kind: "columns", chunk: chunk() });
  kinds.chunks = fromChunks.toTable().data.map((cells) => isDoubles(cells));
  const fromRecords = new FrameBuilder();
  for (let page = 0; page < 3; page++) fromRecords.add(records);
  kinds.records = fromRecords.toTable().data.map((cells) => isDoubles(cells));
}
process.stdout.write(JSON.stringify(kinds));
