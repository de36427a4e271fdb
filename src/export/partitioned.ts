import { join } from "node:path";
import { ValidationError } from "../errors";
import type { ColumnBatch, ColumnarFileWriter, ColumnarOptions, ColumnarSchema, StoredCell, StoredColumn } from "./columnarTypes";
import type { ColumnType } from "../table/columnType";
import { PARTITION_VALUE_FILE } from "./longFolderName";
import { withFolderOutput, type FolderOutput, type Sink } from "./output";
import { partitionFolder, partitionPrefix } from "./partitionFolder";
import { defaultBatchRows, TypedBatches } from "./typedBatches";
import type { ExportSource, ExportSummary } from "./types";
import type { OpenColumnar } from "./writeColumnar";
import { warnOfLoneSurrogateNames } from "./columnCounts";

interface Partition {
  readonly sink: Sink;
  readonly writer: ColumnarFileWriter;
  pending: StoredCell[][];
  pendingRows: number;
}

/** Part files open at once by default: well under the usual limit of 1,024 open files a process. */
const DEFAULT_MAX_OPEN_FILES = 100;

/**
 * Half a single file's batch: a dataset holds up to two batches of waiting rows besides the one being
 * typed, and its row groups are cut per partition anyway, so smaller batches cost no file size (S9
 * by study_id, 100,000 × 64: peak 272 MiB against 327 MiB at 400,000 cells; 1,000,000 rows: 313
 * against 383 MiB; 32.0 against 31.9 MiB written).
 */
export const PARTITIONED_CELLS_PER_BATCH = 200_000;

/**
 * A Hive-style dataset: `folder/col=value/part-0.parquet`, one file per value (per combination of
 * values), the partition columns left out of the files. Written page by page with bounded memory:
 * rows wait per partition until a row group is full, and every partition is flushed when all the
 * waiting rows together reach two batches. At most `maxOpenFiles` part files are open at once: past
 * it, the least recently written one is finished, and its partition's later rows go to part-1, ....
 * The folder is an Output's (./output): written hidden, renamed into place when complete.
 */
export async function writePartitioned(
  open: OpenColumnar,
  source: ExportSource,
  target: string,
  options: ColumnarOptions,
): Promise<ExportSummary> {
  const layout = { partitionBy: checkPartitionBy(options.partitionBy), maxOpen: checkMaxOpenFiles(options.maxOpenFiles) };
  const typed = new TypedBatches(source, options, {}, PARTITIONED_CELLS_PER_BATCH);
  const { rows, partitions } = await writeDataset(open, target, layout, typed.batches(), () => ({
    schema: typed.schema!,
    batchRows: typed.batchRows,
  }));
  const droppedColumns = typed.finish();
  warnOfLoneSurrogateNames(typed.schema?.names ?? []);
  return { format: "parquet", path: target, rows, columns: [...(typed.schema?.names ?? [])], droppedColumns, partitions };
}

/** How a dataset is cut: by these columns, with at most `maxOpen` part files open at once. */
export interface DatasetLayout {
  readonly partitionBy: readonly string[];
  readonly maxOpen: number;
}

/**
 * Column batches into a dataset at `target`; `shape` gives the schema and rows per row group once
 * the first batch is there. The same batches give the same files, whoever sends them (a resumable
 * export sends its segments' rows, cut as the first run would have cut them).
 */
export function writeDataset(
  open: OpenColumnar,
  target: string,
  layout: DatasetLayout,
  batches: AsyncIterable<ColumnBatch>,
  shape: () => { schema: ColumnarSchema; batchRows: number },
): Promise<{ rows: number; partitions: string[] }> {
  return withFolderOutput(target, async (folder) => {
    const files = new PartitionFiles(open, folder, layout);
    for await (const batch of batches) {
      const { schema, batchRows } = shape();
      await files.add(batch, schema, batchRows);
    }
    await files.closeAll();
    return { rows: files.rows, partitions: files.folders() };
  });
}

/** Rows per row group of a dataset when `batchRows` does not say: half a single file's (see PARTITIONED_CELLS_PER_BATCH). */
export function datasetBatchRows(batchRows: number | undefined, columns: number): number {
  return batchRows ?? defaultBatchRows(columns, PARTITIONED_CELLS_PER_BATCH);
}

export function checkMaxOpenFiles(maxOpenFiles: number | undefined): number {
  const maxOpen = maxOpenFiles ?? DEFAULT_MAX_OPEN_FILES;
  if (!Number.isInteger(maxOpen) || maxOpen < 1)
    throw new ValidationError("maxOpenFiles", `must be a whole number of at least 1, got ${JSON.stringify(maxOpen)}`);
  return maxOpen;
}

/** The part files of a dataset being written into `folder`: batches in, rows routed to their partition's open file. */
class PartitionFiles {
  readonly #open: OpenColumnar;
  readonly #folder: FolderOutput;
  readonly #partitionBy: readonly string[];
  readonly #maxOpen: number;
  /** the partitions with a file open, least recently written first */
  readonly #openParts = new Map<string, Partition>();
  /** part files started per partition folder, in first-seen order */
  readonly #partsOf = new Map<string, number>();
  #layout: Layout | undefined;
  /** shortened folders whose whole value is written */
  readonly #valuesKept = new Set<string>();
  #waiting = 0;
  rows = 0;

  constructor(open: OpenColumnar, folder: FolderOutput, layout: DatasetLayout) {
    this.#open = open;
    this.#folder = folder;
    this.#partitionBy = layout.partitionBy;
    this.#maxOpen = layout.maxOpen;
  }

  /** Partition folders, in first-seen order. */
  folders(): string[] {
    return [...this.#partsOf.keys()];
  }

  async add(batch: ColumnBatch, schema: ColumnarSchema, batchRows: number): Promise<void> {
    const layout = (this.#layout ??= layoutOf(schema, this.#partitionBy, batchRows));
    for (const [folder, indexes] of groupRows(layout, batch.columns, batch.rows)) {
      let partition = this.#openParts.get(folder);
      if (partition) {
        this.#openParts.delete(folder); // re-inserted below: the map's order is the least recently written first
      } else {
        // past the limit, the least recently written partition's file is finished; its next rows start part-1, ...
        if (this.#openParts.size >= this.#maxOpen) await this.#close(...this.#openParts.entries().next().value!);
        const part = this.#partsOf.get(folder) ?? 0;
        this.#partsOf.set(folder, part + 1);
        if (part === 0) await this.#keepWholeValues(folder, layout);
        const sink = await this.#folder.openFile(join(folder, `part-${part}.parquet`));
        partition = { sink, writer: await this.#open(sink, layout.fileSchema), pending: layout.kept.map(() => []), pendingRows: 0 };
      }
      this.#openParts.set(folder, partition);
      const receiving = partition;
      layout.kept.forEach((position, column) => {
        const values = batch.columns[position];
        for (const index of indexes) receiving.pending[column].push(values[index]);
      });
      partition.pendingRows += indexes.length;
      this.#waiting += indexes.length;
      this.rows += indexes.length;
      if (partition.pendingRows >= layout.batchRows) this.#waiting -= await flush(partition);
    }
    if (this.#waiting >= 2 * layout.batchRows) for (const partition of this.#openParts.values()) this.#waiting -= await flush(partition);
  }

  /** Each shortened folder of a new partition's path gets its whole value, once (docs/parquet.md, "Folder names"). */
  async #keepWholeValues(folder: string, layout: Layout): Promise<void> {
    const parts = folder.split("/");
    for (let depth = 1; depth <= parts.length; depth++) {
      const path = parts.slice(0, depth).join("/");
      const value = layout.shortened.get(path);
      if (value === undefined || this.#valuesKept.has(path)) continue;
      this.#valuesKept.add(path);
      const sink = await this.#folder.openFile(join(path, PARTITION_VALUE_FILE));
      await sink.write(value);
      await sink.close();
    }
  }

  async closeAll(): Promise<void> {
    for (const [folder, partition] of [...this.#openParts]) await this.#close(folder, partition);
  }

  async #close(folder: string, partition: Partition): Promise<void> {
    this.#waiting -= await flush(partition);
    await partition.writer.finish();
    await partition.sink.close();
    this.#openParts.delete(folder);
  }
}

interface Layout {
  /** positions of the partition columns in the typed batches */
  readonly keys: readonly number[];
  /** `name=` of each partition column, escaped, as its folders begin */
  readonly keyPrefixes: readonly string[];
  readonly keyTypes: readonly ColumnType[];
  /** positions of the columns written into the files */
  readonly kept: readonly number[];
  readonly fileSchema: ColumnarSchema;
  readonly batchRows: number;
  /** folder paths (`a=1/b=long~hash`) whose last folder was shortened, with that folder's whole value */
  readonly shortened: Map<string, string>;
}

function layoutOf(schema: ColumnarSchema, partitionBy: readonly string[], batchRows: number): Layout {
  const keys = partitionBy.map((name) => {
    const position = schema.names.indexOf(name);
    if (position < 0)
      // a bad value of the caller's (the CLI's usage exit), told once the first batch says which columns there are
      throw new ValidationError(
        "partitionBy",
        `${JSON.stringify(name)} is not a column of this data; its columns: ${schema.names.slice(0, 20).join(", ")}${schema.names.length > 20 ? ", …" : ""}`,
      );
    return position;
  });
  const kept = schema.names.map((_, position) => position).filter((position) => !keys.includes(position));
  return {
    keys,
    keyPrefixes: partitionBy.map(partitionPrefix),
    keyTypes: keys.map((position) => schema.types[position]),
    kept,
    fileSchema: { names: kept.map((position) => schema.names[position]), types: kept.map((position) => schema.types[position]) },
    batchRows,
    shortened: new Map(),
  };
}

/** Row indexes of a batch by partition folder (`study_id=482/year=2024`), in first-seen order. */
function groupRows(layout: Layout, columns: readonly StoredColumn[], rows: number): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (let index = 0; index < rows; index++) {
    let folder = "";
    for (let key = 0; key < layout.keys.length; key++) {
      const value = columns[layout.keys[key]][index];
      const named = partitionFolder(layout.keyPrefixes[key], folderText(layout.keyTypes[key], value));
      folder += (key ? "/" : "") + named.name;
      if (named.wholeValue !== undefined && !layout.shortened.has(folder)) layout.shortened.set(folder, named.wholeValue);
    }
    const group = groups.get(folder);
    if (group) group.push(index);
    else groups.set(folder, [index]);
  }
  return groups;
}

/** Writes a partition's waiting rows as one row group; returns how many there were. */
async function flush(partition: Partition): Promise<number> {
  const rows = partition.pendingRows;
  if (rows === 0) return 0;
  const columns = partition.pending;
  partition.pending = columns.map(() => []);
  partition.pendingRows = 0;
  await partition.writer.writeBatch({ rows, columns });
  return rows;
}

/** A partition value as it prints (dates and timestamps as ISO text), null when missing: its folder is partitionFolder's. */
function folderText(type: ColumnType, value: StoredCell): string | null {
  if (value === null) return null;
  if (type === "date") return new Date(Number(value) * 86_400_000).toISOString().slice(0, 10);
  if (type === "timestamp") return timestampFolderText(BigInt(value as bigint));
  return String(value);
}

/**
 * A timestamp (microseconds since 1970) as ISO text in UTC: to the millisecond (`…:01.500Z`), and
 * to the microsecond when it has a part finer than that (`…:01.123456Z`), so that two instants of
 * one millisecond get two folders. The store's export prints them alike (store/partitionFolders.ts).
 */
function timestampFolderText(micros: bigint): string {
  let millis = micros / 1000n;
  let finer = micros % 1000n;
  if (finer < 0n) {
    finer += 1000n;
    millis -= 1n;
  }
  const text = new Date(Number(millis)).toISOString();
  return finer === 0n ? text : `${text.slice(0, -1)}${String(finer).padStart(3, "0")}Z`;
}

export function checkPartitionBy(partitionBy: readonly string[] | undefined): readonly string[] {
  if (!Array.isArray(partitionBy) || !partitionBy.length || partitionBy.some((name) => typeof name !== "string" || !name))
    throw new ValidationError("partitionBy", `must be a list of column names, e.g. ["study_id"], got ${JSON.stringify(partitionBy)}`);
  if (new Set(partitionBy).size !== partitionBy.length)
    throw new ValidationError("partitionBy", `names a column twice: ${JSON.stringify(partitionBy)}`);
  return partitionBy;
}
