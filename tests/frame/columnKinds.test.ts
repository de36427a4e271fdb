import { execFileSync } from "node:child_process";
import { join } from "node:path";

// V8 remembers, per place in the code that makes arrays, the most general kind of cells any of them
// came to hold: a frame's text column once made there, every later column of numbers held each
// number as a heap object (boxed), from the second frame of a process on nearly doubling a wide
// pull's CPU. The frame's columns of numbers stay arrays of unboxed doubles, frame after frame, and
// so do columns whose numbers came as text or beside a null.
it("columns of numbers stay unboxed doubles in every frame a process builds, from page chunks or records", () => {
  const output = execFileSync(
    process.execPath,
    ["--allow-natives-syntax", "--require", require.resolve("tsx/cjs"), join(__dirname, "columnKinds", "buildTwice.ts")],
    { encoding: "utf8" },
  );
  // columns a and c are text, b and d numbers; the records' e numeric strings and f numbers with a null
  expect(JSON.parse(output)).toEqual({ chunks: [false, true, false, true], records: [false, true, false, true, true, true] });
}, 60_000);
