/**
 * A user who also installs danfojs-node: its DataFrames go to every writer and chart, and loading
 * both danfos (each with its own tfjs) makes no warning. Runs the built package (dist/, as `npm
 * test` builds it) in a child process: the bundled danfo is what a user gets only once built.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "../../..");
const DIST = join(ROOT, "dist");

const SCRIPT = `
const warnings = [];
const warn = console.warn;
console.warn = (...args) => warnings.push(String(args[0]));
process.on("warning", (warning) => warnings.push(warning.message));
const { dir, order } = JSON.parse(process.argv[1]);
const { join } = require("node:path");
const load = {
  theirs: () => require("danfojs-node"),
  ours: () => require(${JSON.stringify(join(DIST, "index.cjs"))}),
};
const [first, second] = order === "theirs first" ? ["theirs", "ours"] : ["ours", "theirs"];
const loaded = { [first]: load[first]() };
loaded[second] = load[second]();
const dfd = loaded.theirs;
const ff = loaded.ours;
(async () => {
  const frame = new dfd.DataFrame({ brand: ["Acme", "Bolt, Inc", "Cora"], year: [2023, 2024, 2024], score: [1.5, -2, 3.25], active: [true, false, true] });
  frame.describe(); // danfojs-node's own tfjs at work
  const written = {};
  for (const [format, write] of Object.entries({ csv: ff.writeCSV, xlsx: ff.writeExcel, json: ff.writeJSON, ndjson: ff.writeNDJSON, parquet: ff.writeParquet, arrow: ff.writeArrow })) {
    written[format] = (await write(frame, join(dir, "frame." + format))).rows;
  }
  const specs = [
    ff.barChart(frame, { category: "brand", value: "score" }),
    ff.scatterChart(frame, { x: "year", y: "score", label: "brand" }),
    ff.lineChart(frame, { x: "year", y: "score", series: "brand" }),
  ];
  const svgs = await Promise.all(specs.map((spec) => ff.renderSvg(spec)));
  const table = ff.styledTable(frame, { heat: ["score"] });
  // fountframe's own frames (its bundled danfo) beside theirs
  const ours = await ff.recordsToFrame([{ a: 1.5 }, { a: 2 }]);
  ours.column("a").std();
  console.log(JSON.stringify({
    written,
    csv: require("node:fs").readFileSync(join(dir, "frame.csv"), "utf8"),
    records: ff.frameToRecords(frame),
    charts: specs.map((spec) => spec.data.values.length),
    svgs: svgs.map((svg) => svg.startsWith("<svg")),
    table: table.includes("Bolt, Inc"),
    warnings,
  }));
})().catch((error) => { warn(error); process.exitCode = 1; });
`;

function run(order: "theirs first" | "ours first"): {
  written: Record<string, number>;
  csv: string;
  records: unknown[];
  charts: number[];
  svgs: boolean[];
  table: boolean;
  warnings: string[];
} {
  const dir = mkdtempSync(join(tmpdir(), "fountframe-foreign-danfo-"));
  try {
    const output = execFileSync(process.execPath, ["-e", SCRIPT, JSON.stringify({ dir, order })], { cwd: ROOT, encoding: "utf8" });
    return JSON.parse(output.trim().split("\n").at(-1)!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("danfojs-node's DataFrames beside fountframe's bundled danfo", () => {
  beforeAll(() => {
    if (!existsSync(join(DIST, "index.cjs")) || !existsSync(join(DIST, "danfo.cjs")))
      throw new Error("dist/ is not built: run `npm run build` (npm test builds it first)");
  });

  it.each(["theirs first", "ours first"] as const)(
    "%s: every writer and chart takes them, and no warning is made",
    (order) => {
      const result = run(order);
      expect(result.warnings).toEqual([]);
      expect(result.written).toEqual({ csv: 3, xlsx: 3, json: 3, ndjson: 3, parquet: 3, arrow: 3 });
      expect(result.csv).toBe('brand,year,score,active\nAcme,2023,1.5,true\n"Bolt, Inc",2024,-2,false\nCora,2024,3.25,true\n');
      expect(result.records).toEqual([
        { brand: "Acme", year: 2023, score: 1.5, active: true },
        { brand: "Bolt, Inc", year: 2024, score: -2, active: false },
        { brand: "Cora", year: 2024, score: 3.25, active: true },
      ]);
      expect(result.charts).toEqual([3, 3, 3]);
      expect(result.svgs).toEqual([true, true, true]);
      expect(result.table).toBe(true);
    },
    180_000,
  );
});
