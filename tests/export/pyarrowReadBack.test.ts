import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeArrow, writeParquet } from "../../src/export";
import { useEmulator } from "../client/fixture";

// pandas and pyarrow read the files where the machine's Python has them; elsewhere the test is
// skipped with the reason printed (DuckDB's read-back in columnar.test.ts runs everywhere)
const probe = spawnSync("python3", ["-c", "import pyarrow, pandas"], { encoding: "utf8" });
const havePyarrow = probe.status === 0;
if (!havePyarrow) {
  console.log(
    `pyarrowReadBack: skipped, python3 cannot import pyarrow and pandas (${(probe.stderr || String(probe.error)).trim().split("\n").pop()})`,
  );
}

const READ = `
import json, sys
import pandas as pd, pyarrow.feather as feather
frame = pd.read_parquet(sys.argv[1])
table = feather.read_table(sys.argv[2])
print(json.dumps({
  "parquet": {"rows": len(frame), "brand_id": str(frame["brand_id"].dtype), "differentiation_c": str(frame["differentiation_c"].dtype), "ids": int(frame["brand_id"].sum()), "names": frame["brand_name"].tolist()},
  "arrow": {"rows": table.num_rows, "brand_id": str(table.schema.field("brand_id").type)},
}))
`;

const env = useEmulator();
(havePyarrow ? test : test.skip)("pandas.read_parquet and pyarrow.feather read the files as the frame holds them", async () => {
  const dir = mkdtempSync(join(tmpdir(), "fountframe-pyarrow-"));
  try {
    const query = { studies: 1, perPage: 50 } as const;
    const frame = await env.client().brandscapeData(query);
    await writeParquet(env.client().pages("brandscapeData", query), join(dir, "b.parquet"));
    await writeArrow(env.client().pages("brandscapeData", query), join(dir, "b.arrow"));
    const run = spawnSync("python3", ["-c", READ, join(dir, "b.parquet"), join(dir, "b.arrow")], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    const read = JSON.parse(run.stdout) as { parquet: Record<string, unknown>; arrow: Record<string, unknown> };
    const column = (name: string) => (frame.values as unknown[][]).map((row) => row[frame.columns.indexOf(name)]);
    expect(read.parquet).toEqual({
      rows: frame.shape[0],
      brand_id: "int64",
      differentiation_c: "float64",
      ids: (column("brand_id") as number[]).reduce((a, b) => a + b, 0),
      names: column("brand_name"),
    });
    expect(read.arrow).toEqual({ rows: frame.shape[0], brand_id: "int64" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
