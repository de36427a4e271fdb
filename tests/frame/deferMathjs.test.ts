import { execFileSync } from "node:child_process";
import path from "node:path";

// A fresh Node process, since jest's own module registry is not require.cache.
const script = `
  const frame = { ...require(${JSON.stringify(path.resolve(__dirname, "../../src/frame/recordsToFrame.ts"))}), ...require(${JSON.stringify(path.resolve(__dirname, "../../src/frame/finishTable.ts"))}) };
  const mathjsFiles = () => Object.keys(require.cache).filter((file) => file.includes("/node_modules/mathjs/lib/")).length;
  frame.recordsToFrame([{ a: 1 }, { a: 4 }, { a: 2 }]).then((df) => {
    const beforeStatistics = mathjsFiles();
    const median = df.column("a").median();
    const std = df.column("a").std();
    console.log(JSON.stringify({ beforeStatistics, median, std, afterStatistics: mathjsFiles() > 1 }));
  });
`;

// The user's own code requiring the same mathjs file while the stand-in holds its place.
const userScript = `
  const { createRequire } = require("node:module");
  const frame = { ...require(${JSON.stringify(path.resolve(__dirname, "../../src/frame/recordsToFrame.ts"))}), ...require(${JSON.stringify(path.resolve(__dirname, "../../src/frame/finishTable.ts"))}) };
  frame.recordsToFrame([{ a: 1 }]).then(() => {
    const mathjs = createRequire(require.resolve("danfojs-node"))("mathjs");
    const keys = Object.keys(mathjs);
    const spread = { ...mathjs };
    console.log(JSON.stringify({ keys: keys.length, hasMedian: keys.includes("median"), spreadMedian: typeof spread.median, sqrt: mathjs.sqrt(16) }));
  });
`;

// The user's own code writing to the same mathjs module while the stand-in holds its place.
const writingScript = `
  const { createRequire } = require("node:module");
  const frame = { ...require(${JSON.stringify(path.resolve(__dirname, "../../src/frame/recordsToFrame.ts"))}), ...require(${JSON.stringify(path.resolve(__dirname, "../../src/frame/finishTable.ts"))}) };
  frame.recordsToFrame([{ a: 1 }]).then(() => {
    const requireMathjs = createRequire(require.resolve("danfojs-node"));
    const mathjs = requireMathjs("mathjs");
    mathjs.answer = 42;
    Object.defineProperty(mathjs, "defined", { value: 7, enumerable: true, writable: true, configurable: true });
    const real = requireMathjs("mathjs");
    console.log(JSON.stringify({ answer: mathjs.answer, defined: mathjs.defined, realAnswer: real.answer, realDefined: real.defined }));
  });
`;

it("loads mathjs only when a danfo statistic needs it, and the statistic is right", () => {
  const output = execFileSync(process.execPath, ["--require", "tsx/cjs", "-e", script], {
    cwd: path.resolve(__dirname, "../.."),
    encoding: "utf8",
  });
  const result = JSON.parse(output.trim().split("\n").pop() ?? "");
  // the stand-in (the index file's cache slot) at most, none of mathjs's own modules
  expect(result.beforeStatistics).toBeLessThanOrEqual(1);
  expect(result.median).toBe(2);
  expect(result.std).toBeCloseTo(Math.sqrt(7 / 3), 10);
  expect(result.afterStatistics).toBe(true);
});

it("code of the user's own that requires the same mathjs sees the whole module", () => {
  const output = execFileSync(process.execPath, ["--require", "tsx/cjs", "-e", userScript], {
    cwd: path.resolve(__dirname, "../.."),
    encoding: "utf8",
  });
  const result = JSON.parse(output.trim().split("\n").pop() ?? "");
  expect(result.hasMedian).toBe(true);
  expect(result.keys).toBeGreaterThan(100);
  expect(result.spreadMedian).toBe("function");
  expect(result.sqrt).toBe(4);
});

it("what the user's own code sets on the module stays set, on the real mathjs too", () => {
  const output = execFileSync(process.execPath, ["--require", "tsx/cjs", "-e", writingScript], {
    cwd: path.resolve(__dirname, "../.."),
    encoding: "utf8",
  });
  expect(JSON.parse(output.trim().split("\n").pop() ?? "")).toEqual({ answer: 42, defined: 7, realAnswer: 42, realDefined: 7 });
});
