import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import { ValidationError } from "../errors";
import { quoted, sqlText } from "./sqlTypes";

let sideFiles = 0;
const sideName = (path: string, kind: string) => join(dirname(path), `.${basename(path)}.fountframe-${process.pid}-${++sideFiles}.${kind}`);

/**
 * `dir/<table>.parquet`: the table's name must name a file inside `dir` (a table named
 * `../escape`, which DuckDB allows quoted, does not); written beside its name and renamed when whole.
 */
export async function exportFile(connection: DuckDBConnection, table: string, dir: string): Promise<void> {
  const folder = resolve(dir);
  const file = resolve(folder, `${table}.parquet`);
  if (dirname(file) !== folder || basename(file) !== `${table}.parquet`)
    throw new ValidationError("table", `a table whose name is a file name inside ${dir}, got ${JSON.stringify(table)}`);
  await mkdir(folder, { recursive: true });
  const partial = sideName(file, "partial");
  try {
    await connection.run(`COPY (SELECT * FROM ${quoted(table)}) TO ${sqlText(partial)} (FORMAT parquet)`);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** Whether `dir` is absent, empty, or holds nothing but a partitioned export's folders (`column=value`). */
async function holdsOnlyAnExport(dir: string, column: string): Promise<boolean> {
  const found = await stat(dir).catch(() => undefined);
  if (!found) return true;
  if (!found.isDirectory()) return false;
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.every((entry) => entry.isDirectory() && entry.name.toLowerCase().startsWith(`${column.toLowerCase()}=`));
}

/**
 * Hive-style folders under `dir`, one per value: written whole into a folder beside `dir` and put
 * in its place, so a re-export after a study went leaves no folder of it behind. `dir` must be
 * absent, empty or an earlier such export (its files are not fountframe's to remove otherwise).
 */
export async function exportPartitioned(
  connection: DuckDBConnection,
  table: string,
  dir: string,
  partitionBy: readonly string[],
): Promise<void> {
  const folder = resolve(dir);
  if (!(await holdsOnlyAnExport(folder, partitionBy[0])))
    throw new ValidationError(
      "dir",
      `an absent or empty folder, or an earlier export partitioned by ${partitionBy[0]}: ${dir} holds other files`,
    );
  await mkdir(dirname(folder), { recursive: true });
  const partial = sideName(folder, "partial");
  const old = sideName(folder, "old");
  try {
    const by = partitionBy.map(quoted).join(", ");
    await connection.run(`COPY (SELECT * FROM ${quoted(table)}) TO ${sqlText(partial)} (FORMAT parquet, PARTITION_BY (${by}))`);
    await mkdir(partial, { recursive: true }); // an empty table writes no folder
    const hadOne = await stat(folder).then(
      () => true,
      () => false,
    );
    if (hadOne) await rename(folder, old);
    await rename(partial, folder);
  } finally {
    await rm(partial, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
}
