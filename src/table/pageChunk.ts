import { ColumnStats } from "./columnPlan";
import { RecordGatherer } from "./flatten";
import type { ChunkStats, JsonRecord, PageChunk, RowShape } from "./types";

/** A page of records gathered as the main thread gathers them, then cut into columns. */
export function gatherPageChunk(records: readonly JsonRecord[], shape: RowShape): PageChunk {
  const gatherer = new RecordGatherer(shape);
  let recordEnds: Int32Array | undefined;
  if (shape.stackData) {
    recordEnds = new Int32Array(records.length);
    records.forEach((record, index) => {
      gatherer.add([record]);
      recordEnds![index] = gatherer.result().rows.length;
    });
  } else {
    gatherer.add(records);
  }
  const { names, rows, stats } = gatherer.result();
  const columns: Array<Float64Array | unknown[]> = [];
  for (let column = 0; column < names.length; column++) columns.push(columnOf(rows, column));
  const chunk: PageChunk = { names, columns, rowCount: rows.length, stats: statsOf(stats, names.length) };
  if (recordEnds) chunk.recordEnds = recordEnds;
  return chunk;
}

function columnOf(rows: readonly unknown[][], column: number): Float64Array | unknown[] {
  let allNumbers = true;
  for (let row = 0; row < rows.length && allNumbers; row++) allNumbers = typeof rows[row][column] === "number";
  if (allNumbers) {
    const numbers = new Float64Array(rows.length);
    for (let row = 0; row < rows.length; row++) numbers[row] = rows[row][column] as number;
    return numbers;
  }
  const cells = new Array<unknown>(rows.length);
  for (let row = 0; row < rows.length; row++) cells[row] = rows[row][column];
  return cells;
}

function statsOf(stats: ColumnStats, width: number): ChunkStats {
  return {
    present: stats.present.slice(0, width),
    numbers: stats.numbers.slice(0, width),
    numericStrings: stats.numericStrings.slice(0, width),
    otherStrings: stats.otherStrings.slice(0, width),
    booleans: stats.booleans.slice(0, width),
    structured: stats.structured.slice(0, width),
    notInt32: stats.notInt32.slice(0, width),
  };
}

/** The buffers a chunk can hand over instead of copying. */
export function chunkBuffers(chunk: PageChunk): ArrayBuffer[] {
  // columns may be stretches of one array: each buffer is listed once
  const buffers = new Set<ArrayBuffer>();
  for (const column of chunk.columns) if (column instanceof Float64Array) buffers.add(column.buffer as ArrayBuffer);
  for (const counts of Object.values(chunk.stats) as Array<Int32Array | Uint8Array>) buffers.add(counts.buffer as ArrayBuffer);
  if (chunk.recordEnds) buffers.add(chunk.recordEnds.buffer as ArrayBuffer);
  return [...buffers];
}

/** The chunk without the rows of its first `records` records, counted again. */
export function sliceChunk(chunk: PageChunk, records: number): PageChunk {
  const from = records <= 0 ? 0 : chunk.recordEnds ? chunk.recordEnds[Math.min(records, chunk.recordEnds.length) - 1] : records;
  const columns = chunk.columns.map((cells) => cells.slice(from));
  const rowCount = Math.max(0, chunk.rowCount - from);
  const stats = new ColumnStats();
  if (chunk.names.length > 0) stats.addColumn(chunk.names.length - 1);
  const cells = new Array<unknown>(chunk.names.length);
  for (let row = 0; row < rowCount; row++) {
    for (let column = 0; column < columns.length; column++) cells[column] = columns[column][row];
    stats.countRow(cells);
  }
  const sliced: PageChunk = { names: chunk.names, columns, rowCount, stats: statsOf(stats, chunk.names.length) };
  if (chunk.recordEnds) sliced.recordEnds = chunk.recordEnds.slice(records).map((end) => end - from);
  return sliced;
}
