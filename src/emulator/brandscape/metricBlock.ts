import { packWords, type ByteSink, type PackedWords } from "./byteSink";
import { VALUE_TEXTS, type MetricColumn } from "./columns";
import { METRIC_ROWS } from "../dataset/data/metrics";
import { cellSalt, type RowFacts } from "./rows";
import { AUDIENCE_METRIC_SHIFT, HEALTH_SHARE, LEVEL_SHARE, NOISE_SHARE } from "./valueModel";

/**
 * The metric columns of a query compiled into flat arrays, so that writing a row's ~340 values
 * is one tight loop: copy the column's `,"name":` and its value text four bytes at a time (an
 * unaligned DataView write), with the cell hash inlined. Bytes past a text's end are padding that
 * the next write covers.
 */
export interface MetricBlock {
  readonly count: number;
  /** every column's `,"name":` as words, PREFIX_WORDS each */
  readonly prefixes: PackedWords;
  /** the salt of each column's noise: its metric's, so that a metric's columns share one draw */
  readonly salts: Int32Array;
  readonly metricIndexes: Int32Array;
  /** 1 where the value differs by category: its noise comes from the row's category hash */
  readonly categorySpecific: Uint8Array;
  /** the funnel's narrowing (valueModel.ts) */
  readonly scales: Float64Array;
  readonly moduli: Int32Array;
  /** table base + offset, into VALUE_TEXTS */
  readonly entryBases: Int32Array;
  /** the most bytes one row's block can take, padding included */
  readonly maxBytes: number;
}

/** Column names are at most 44 characters, so `,"` + name + `":` fits in 48 bytes (packWords checks). */
const PREFIX_WORDS = 12;
/** value texts are packed two words each (columns.ts) */
const VALUE_WORDS = 2;

export function compileMetricBlock(columns: readonly MetricColumn[]): MetricBlock {
  return {
    count: columns.length,
    prefixes: packWords(
      columns.map((column) => column.prefix),
      PREFIX_WORDS,
    ),
    salts: Int32Array.from(columns, (column) => cellSalt(column.metricIndex)),
    metricIndexes: Int32Array.from(columns, (column) => column.metricIndex),
    categorySpecific: Uint8Array.from(columns, (column) => (column.categorySpecific ? 1 : 0)),
    scales: Float64Array.from(columns, (column) => column.scale),
    moduli: Int32Array.from(columns, (column) => column.modulus),
    entryBases: Int32Array.from(columns, (column) => column.tableBase + column.offset),
    maxBytes: columns.length * (PREFIX_WORDS + VALUE_WORDS) * 4,
  };
}

const UNIT = 1 / 4294967296;

const METRIC_COUNT = METRIC_ROWS.length;

/** Writes the block for one row; valueDraw, combineDraw and drawIndex (rows.ts, valueModel.ts, columns.ts) inlined. */
export function writeMetricBlock(sink: ByteSink, block: MetricBlock, facts: RowFacts, separated: boolean): void {
  if (block.count === 0) return;
  sink.reserve(block.maxBytes + 4);
  const { view, buffer } = sink;
  const { salts, metricIndexes, categorySpecific, scales, moduli, entryBases, count } = block;
  const { rowHash, categoryHash, levels } = facts;
  const healthPart = HEALTH_SHARE * facts.health;
  const shifts = AUDIENCE_METRIC_SHIFT;
  const shiftBase = facts.audienceRank * METRIC_COUNT;
  const rowShift = facts.audienceShift;
  const prefixWords = block.prefixes.words;
  const prefixLengths = block.prefixes.lengths;
  const valueWords = VALUE_TEXTS.words;
  const valueLengths = VALUE_TEXTS.lengths;
  // each prefix starts with a comma, which the row's first column must leave out: write that
  // prefix one byte early, over the byte before, then put that byte back
  const start = separated ? sink.length : sink.length - 1;
  const byteBefore = buffer[start];
  let position = start;
  for (let c = 0; c < count; c++) {
    const length = prefixLengths[c];
    for (let w = c * PREFIX_WORDS, at = position, end = position + length; at < end; w++, at += 4) {
      view.setUint32(at, prefixWords[w], true);
    }
    position += length;
    const metric = metricIndexes[c];
    let noise = Math.imul((categorySpecific[c] === 1 ? categoryHash : rowHash) ^ salts[c], 0x85ebca6b);
    noise ^= noise >>> 13;
    noise = Math.imul(noise, 0xc2b2ae35);
    noise ^= noise >>> 16;
    let draw = healthPart + LEVEL_SHARE * levels[metric] + NOISE_SHARE * ((noise >>> 0) * UNIT) + rowShift + shifts[shiftBase + metric];
    draw = (draw < 0 ? 0 : draw > 0.9999 ? 0.9999 : draw) * scales[c];
    const modulus = moduli[c];
    const step = Math.floor(draw * modulus);
    const entry = entryBases[c] + (step < modulus ? step : modulus - 1);
    view.setUint32(position, valueWords[entry * 2], true);
    view.setUint32(position + 4, valueWords[entry * 2 + 1], true);
    position += valueLengths[entry];
  }
  if (!separated) buffer[start] = byteBefore;
  sink.length = position;
}
