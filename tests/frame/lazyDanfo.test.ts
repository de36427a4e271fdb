import { execFileSync } from "node:child_process";
import path from "node:path";

// A fresh Node process, since jest's own module registry is not require.cache.
const script = `
  const frame = { ...require(${JSON.stringify(path.resolve(__dirname, "../../src/frame/recordsToFrame.ts"))}), ...require(${JSON.stringify(path.resolve(__dirname, "../../src/frame/finishTable.ts"))}) };
  const table = require(${JSON.stringify(path.resolve(__dirname, "../../src/table/flattenRecords.ts"))});
  const danfoLoaded = () => Object.keys(require.cache).some((file) => file.includes("/node_modules/danfojs-node/"));
  frame.toColumnTable(table.flattenRecords([{ a: 1, b: { c: "2" } }], { stackData: true }));
  const before = danfoLoaded();
  frame.recordsToFrame([{ a: 1 }]).then(() => console.log(JSON.stringify({ before, after: danfoLoaded() })));
`;

it("loads danfojs-node only when a frame is built", () => {
  const output = execFileSync(process.execPath, ["--require", "tsx/cjs", "-e", script], {
    cwd: path.resolve(__dirname, "../.."),
    encoding: "utf8",
  });
  expect(JSON.parse(output.trim().split("\n").pop() ?? "")).toEqual({ before: false, after: true });
});
