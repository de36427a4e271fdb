/**
 * A Parquet file's row groups are longer than the batch its types are decided on when a batch is
 * short (at least 4,096 rows, when `batchRows` does not say): a pull at the documented width (~376
 * columns) makes groups of 4,096 rows, while the types come from its first ~1,064 rows, as Arrow's
 * record batches do. A resumed export (checkpoints at page ends past a batch) ends with the same row
 * groups and cells as one never interrupted.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { APIError } from "../../src/errors";
import { ExportError, writeArrow, writeParquet } from "../../src/export";
import { defaultBatchRows, rowGroupRows, TypedBatches } from "../../src/export/typedBatches";
import { useEmulator } from "../client/fixture";
import { duckRows, sqlText } from "./duckdb";
import { pagesOf } from "./exportFixtures";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator({ scale: 12_000 });
const dir = tempFolder("fountframe-row-groups-");

/** every released study: the emulator's ~12,000 rows */
let studies: number[] = [];
beforeAll(async () => {
  studies = (await env.client().studies({ released: true })).column("id").values as number[];
});
const pull = () => env.client({ retries: 1, onErrors: "raise" }).pages("brandscapeData", { studies, perPage: 500 });

async function rowGroups(path: string): Promise<number[]> {
  const groups = await duckRows(
    `SELECT DISTINCT row_group_id, row_group_num_rows::INTEGER AS n FROM parquet_metadata(${sqlText(path)}) ORDER BY row_group_id`,
  );
  return groups.map((group) => group.n as number);
}

/** Full groups of `size` rows, then the rest. */
function groupsOf(rows: number, size: number): number[] {
  const full = Math.floor(rows / size);
  return [...Array<number>(full).fill(size), ...(rows % size ? [rows % size] : [])];
}

test("row groups of 4,096 rows at ~376 columns, types from the first batch; Arrow's record batches stay batches", async () => {
  const path = join(dir, "whole.parquet");
  const summary = await writeParquet(pull(), path);
  const columns = summary.columns.length;
  expect(columns).toBeGreaterThan(300);
  expect(summary.rows).toBeGreaterThan(2 * rowGroupRows(columns, undefined));
  expect(await rowGroups(path)).toEqual(groupsOf(summary.rows, rowGroupRows(columns, undefined)));
  expect(rowGroupRows(columns, undefined)).toBe(4_096);
  expect(defaultBatchRows(columns)).toBeLessThan(1_100);

  const arrowPath = join(dir, "whole.arrow");
  await writeArrow(pull(), arrowPath);
  const table = tableFromIPC(readFileSync(arrowPath));
  expect(table.batches.map((batch) => batch.numRows)).toEqual(groupsOf(summary.rows, defaultBatchRows(columns)));
  expect(table.numRows).toBe(summary.rows);
}, 120_000);

describe("batches given out larger than the batch the types are decided on", () => {
  const rows = (from: number, count: number, share: (row: number) => number) =>
    Array.from({ length: count }, (_, index) => ({ id: from + index, share: share(from + index) }));
  // 2 columns: batches of 1,000 rows (the least), given out 4,000 at a time
  const typed = (pages: Array<Array<{ id: number; share: number }>>) => new TypedBatches(pagesOf(...pages), {}, {}, 2_000, 4_000);
  async function batchSizes(batches: TypedBatches): Promise<number[]> {
    const sizes: number[] = [];
    for await (const batch of batches.batches()) sizes.push(batch.rows);
    return sizes;
  }

  test("rows wait until a whole group, types from the first 1,000 rows", async () => {
    const batches = typed([rows(0, 700, (row) => row), rows(700, 700, (row) => row), rows(1_400, 3_600, (row) => row)]);
    expect(await batchSizes(batches)).toEqual([4_000, 1_000]);
    expect(batches.batchRows).toBe(1_000);
    expect(batches.schema?.types).toEqual(["int64", "int64"]);
  });

  test("a fraction after the first batch, within the first group, raises naming its row", async () => {
    const batches = typed([rows(0, 1_000, (row) => row), rows(1_000, 500, (row) => row + 0.5)]);
    await expect(batchSizes(batches)).rejects.toThrow(ExportError);
    const again = typed([rows(0, 1_000, (row) => row), rows(1_000, 500, (row) => row + 0.5)]);
    await expect(batchSizes(again)).rejects.toThrow(/column "share" was written as int64, but row 1,?001 holds/);
  });
});

test("a resumed export with the default sizes ends with the uninterrupted one's row groups and cells", async () => {
  const whole = join(dir, "uninterrupted.parquet");
  const summary = await writeParquet(pull(), whole);
  const path = join(dir, "resumed.parquet");
  env.emulator.setFaults([{ resource: "brandscape-data", page: 14, kind: "status", status: 503 }]);
  await expect(writeParquet(pull(), path, { resume: true })).rejects.toThrow(APIError);
  env.emulator.setFaults([]);
  const resumed = await writeParquet(pull(), path, { resume: true });
  expect(resumed.resumedFromPage).toBeGreaterThan(1);
  expect(resumed.rows).toBe(summary.rows);
  expect(await rowGroups(path)).toEqual(await rowGroups(whole));
  // the same bytes: the same schema, row groups and cells
  expect(readFileSync(path)).toEqual(readFileSync(whole));
}, 180_000);
