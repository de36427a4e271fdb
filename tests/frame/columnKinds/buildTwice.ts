// Run by columnKinds.test.ts with --allow-natives-syntax: builds frames from page chunks three times
// in one process and prints, for the last one, how each column's array holds its cells.
import { FrameBuilder } from "../../../src/rows";
import type { PageChunk } from "../../../src/records";

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

let kinds: boolean[] = [];
for (let round = 0; round < 3; round++) {
  const builder = new FrameBuilder();
  if (round === 2) builder.expectRows(3 * ROWS);
  for (let page = 0; page < 3; page++) builder.addRows({ kind: "columns", chunk: chunk() });
  const { table } = builder.toTable();
  kinds = table.data.map((cells) => isDoubles(cells));
}
process.stdout.write(JSON.stringify(kinds));
