import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import { FountError, ValidationError } from "../errors";
import { ExportError } from "../export/exportError";
import { PARTITION_VALUE_FILE } from "../export/longFolderName";
import { partitionPrefix } from "../export/partitionFolder";
import { namedAsDuckDBDoes, numberPartitions, type TablePartitions } from "./partitionFolders";
import { quoted, sqlText } from "./sqlTypes";
import { followedLinks } from "../export/output/outputTarget";
import { clearLeftovers, sideName } from "./exportSideFiles";

/**
 * The table's columns as `writeParquet` types the same cells: a stored TIMESTAMP (the service's UTC
 * times, held without a zone) written as a timestamp adjusted to UTC, whatever the session's
 * TimeZone. Columns in `excluded` (the partition columns, named by their folders) are left out.
 */
function columnsAsWritten(types: ReadonlyMap<string, string>, alias: string, excluded: readonly string[] = []): string {
  const times = [...types]
    .filter(([name, type]) => type === "TIMESTAMP" && !excluded.includes(name))
    .map(([name]) => `timezone('UTC', ${alias}${quoted(name)}) AS ${quoted(name)}`);
  const exclude = excluded.length > 0 ? ` EXCLUDE (${excluded.map(quoted).join(", ")})` : "";
  return `${alias}*${exclude}${times.length > 0 ? ` REPLACE (${times.join(", ")})` : ""}`;
}

/**
 * `dir/<table>.parquet`: the table's name must name a file inside `dir` (a table named
 * `../escape`, which DuckDB allows quoted, does not); written beside its name and renamed when whole.
 * What a killed export left beside it is cleared first, as for a partitioned one.
 */
export async function exportFile(
  connection: DuckDBConnection,
  table: string,
  types: ReadonlyMap<string, string>,
  dir: string,
): Promise<void> {
  const named = resolve(dir, `${table}.parquet`);
  if (dirname(named) !== resolve(dir) || basename(named) !== `${table}.parquet`)
    throw new ValidationError("table", `a table whose name is a file name inside ${dir}, got ${JSON.stringify(table)}`);
  const folder = await followedLinks(dir);
  await mkdir(folder, { recursive: true });
  // a link the user keeps (to the folder, or to the file) stays: its target is written, when it is inside the folder
  const file = await followedLinks(named);
  const inFolder = relative(await followedLinks(folder), file);
  if (inFolder === ".." || inFolder.startsWith(`..${sep}`) || isAbsolute(inFolder))
    throw new ValidationError(
      "dir",
      `a folder whose ${basename(named)} is a file of it: ${named} is a link to ${file}, outside ${dir} (nothing was written): remove the link or write into another folder`,
    );
  if ((await stat(file).catch(() => undefined))?.isDirectory())
    throw new ValidationError(
      "dir",
      `a folder whose ${basename(named)} is a file, not a folder: ${named} is a folder (nothing was written)`,
    );
  await clearLeftovers(file, async () => false);
  const partial = sideName(file, "partial");
  try {
    await connection.run(`COPY (SELECT ${columnsAsWritten(types, "")} FROM ${quoted(table)}) TO ${sqlText(partial)} (FORMAT parquet)`);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** A file a partitioned export writes: DuckDB's part files (the store's), writeParquet's, and a shortened folder's whole value. */
const isExportFile = (name: string): boolean => /^(data_|part-)\d+\.parquet$/.test(name) || name === PARTITION_VALUE_FILE;

/**
 * Whether `dir` is absent, empty, or holds nothing but a partitioned export: a `column=value`
 * folder for each partition column in turn, then the export's own files, and nothing else at any
 * depth (a file of yours inside a partition's folder keeps the folder from being replaced).
 */
async function holdsOnlyAnExport(dir: string, partitionBy: readonly string[]): Promise<boolean> {
  const found = await stat(dir).catch(() => undefined);
  if (!found) return true;
  if (!found.isDirectory()) return false;
  const holdsOnly = async (folder: string, depth: number): Promise<boolean> => {
    const prefix = depth < partitionBy.length ? partitionPrefix(partitionBy[depth]).toLowerCase() : undefined;
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.isFile() && depth > 0 && isExportFile(entry.name)) continue;
      if (!entry.isDirectory() || prefix === undefined || !entry.name.toLowerCase().startsWith(prefix)) return false;
      if (!(await holdsOnly(join(folder, entry.name), depth + 1))) return false;
    }
    return true;
  };
  return holdsOnly(dir, 0);
}

/**
 * Hive-style folders under `dir`, one per value, named by the library writer's rule
 * (export/partitionFolder.ts): written whole into a folder beside `dir` and put
 * in its place, so a re-export after a study went leaves no folder of it behind. `dir` must be
 * absent, empty or an earlier such export (its files are not fountframe's to remove otherwise).
 * What a killed export left beside `dir` is cleared first (clearLeftovers).
 */
export async function exportPartitioned(
  connection: DuckDBConnection,
  table: string,
  types: ReadonlyMap<string, string>,
  dir: string,
  partitionBy: readonly string[],
): Promise<void> {
  // a link the user keeps to the folder stays: the folder it names is replaced whole
  const folder = await followedLinks(dir);
  await clearLeftovers(folder, (old) => holdsOnlyAnExport(old, partitionBy));
  if (!(await holdsOnlyAnExport(folder, partitionBy)))
    throw new ValidationError(
      "dir",
      `an absent or empty folder, or an earlier export partitioned by ${partitionBy.join(", ")} holding only its own files: ${dir} holds other files (nothing was written or removed)`,
    );
  await mkdir(dirname(folder), { recursive: true });
  const partial = sideName(folder, "partial");
  const old = sideName(folder, "old");
  try {
    await writeFolders(connection, table, types, partitionBy, partial, sideName(folder, "copied"));
    const hadOne = await stat(folder).then(
      () => true,
      () => false,
    );
    if (hadOne) await rename(folder, old);
    await rename(partial, folder).catch(async (error: unknown) => {
      if (hadOne) await rename(old, folder);
      throw error;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
}

/**
 * The table's rows into `partial`, one folder per partition as the rule names it. DuckDB's COPY
 * names folders its own way (`""` as `column=`, the text `__HIVE_DEFAULT_PARTITION__` into the null
 * folder, where 1.5 writes a corrupt file for both; a long value past the file name limit), so it
 * partitions by each partition's number, one pass, and the numbered folders are renamed; whole
 * numbers, which it names as the rule does, it partitions itself (no join: the common case).
 */
async function writeFolders(
  connection: DuckDBConnection,
  table: string,
  types: ReadonlyMap<string, string>,
  partitionBy: readonly string[],
  partial: string,
  copied: string,
): Promise<void> {
  if (namedAsDuckDBDoes(partitionBy, types)) {
    const by = partitionBy.map(quoted).join(", ");
    await connection.run(
      `COPY (SELECT ${columnsAsWritten(types, "")} FROM ${quoted(table)}) TO ${sqlText(partial)} (FORMAT parquet, PARTITION_BY (${by}))`,
    );
    await mkdir(partial, { recursive: true }); // an empty table writes no folder
    return;
  }
  let partitions: TablePartitions | undefined;
  try {
    partitions = await numberPartitions(connection, table, partitionBy, types);
    await mkdir(partial, { recursive: true });
    if (partitions.paths.length === 0) return;
    // the partitions' own number column: named as no column of the table is (a table's `id` would take its place in the join)
    const numberColumn = partitions.number;
    const keys = partitionBy.map(quoted);
    const matches = keys.map((key) => `t.${key} IS NOT DISTINCT FROM p.${key}`).join(" AND ");
    await connection.run(
      `COPY (SELECT ${columnsAsWritten(types, "t.", partitionBy)}, p.${quoted(numberColumn)} AS ${quoted(numberColumn)} FROM ${quoted(table)} t JOIN ${partitions.table} p ON ${matches}) ` +
        `TO ${sqlText(copied)} (FORMAT parquet, PARTITION_BY (${quoted(numberColumn)}))`,
    );
    for (const [id, path] of partitions.paths.entries()) {
      const target = join(partial, path);
      await mkdir(dirname(target), { recursive: true });
      await rename(join(copied, `${numberColumn}=${id}`), target);
    }
    for (const [path, value] of partitions.wholeValues) await writeFile(join(partial, path, PARTITION_VALUE_FILE), value);
  } finally {
    if (partitions) await connection.run(`DROP TABLE IF EXISTS ${partitions.table}`);
    await rm(copied, { recursive: true, force: true });
  }
}

/**
 * A failure to write an export, DuckDB's (a full disk: "IO Error: …") or the file system's, told
 * as writeParquet's: what was being written and that nothing was replaced (the partial file or
 * folder is removed, an earlier export stays). fountframe's own errors pass as they are.
 */
export function notExported(error: unknown, table: string, dir: string): unknown {
  const said = (error as { message?: unknown } | null)?.message;
  if (error instanceof FountError || typeof said !== "string") return error;
  return new ExportError(
    `writeParquet of ${table} into ${dir} could not be written (${said}); nothing was replaced: an earlier export there is as it was`,
    { cause: error },
  );
}
