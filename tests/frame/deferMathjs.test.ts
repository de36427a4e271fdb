import { execFileSync } from "node:child_process";
import path from "node:path";

// A fresh Node process, since jest's own module registry is not require.cache.
const script = `
  const frame = require(${JSON.stringify(path.resolve(__dirname, "../../src/frame/index.ts"))});
  const mathjsFiles = () => Object.keys(require.cache).filter((file) => file.includes("/node_modules/mathjs/lib/")).length;
  frame.recordsToFrame([{ a: 1 }, { a: 4 }, { a: 2 }]).then((df) => {
    const beforeStatistics = mathjsFiles();
    const median = df.column("a").median();
    const std = df.column("a").std();
    console.log(JSON.stringify({ beforeStatistics, median, std, afterStatistics: mathjsFiles() > 1 }));
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
