import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { jsonText } from "../text/jsonText";
import { isFrameShape } from "../frame/frameShape";
import type { Sink } from "./output";
import type { ExportSource, ExportTarget } from "./types";
import type { StreamedColumns, TurnedColumns } from "./streamedColumns";

/** Writes a file again from the file as written, with the turned columns' cells as the frame holds them. */
export type RewritePass = (written: Readable, write: (chunk: string) => Promise<void>, turned: TurnedColumns) => Promise<void>;

/** Text gathered before it goes to the sink: one write per this many characters. */
const CHUNK_CHARS = 1 << 16;

/**
 * When a later page turned columns to text after their first cells were written, writes the file
 * again (from its temporary copy) with those cells as the frame holds them; only then, so an export
 * whose columns kept their type costs nothing more. A stream cannot be rewritten: its cells stay as
 * written and StreamedColumns.finish warns.
 */
export async function rewriteTurnedColumns(sink: Sink, streamed: StreamedColumns, pass: RewritePass): Promise<void> {
  const turned = streamed.turned();
  if (!turned || !sink.rewrite) return;
  await sink.rewrite((written, write) => pass(written, write, turned));
  streamed.rewritten();
}

/** Only a pull's pages can turn a column after its cells were written, and only a file (a path) can be written again. */
export function mayRewrite(source: ExportSource, target: ExportTarget): boolean {
  return typeof target === "string" && !isFrameShape(source) && !Array.isArray(source);
}

/** Gathers text and writes it a chunk at a time. */
export function chunkedWriter(write: (chunk: string) => Promise<void>): { add(text: string): Promise<void>; end(): Promise<void> } {
  let text = "";
  return {
    async add(more) {
      text += more;
      if (text.length < CHUNK_CHARS) return;
      await write(text);
      text = "";
    },
    async end() {
      if (text) await write(text);
      text = "";
    },
  };
}

/** The turned columns' cells of one row (0-based) as the frame holds them: the kept text, else the cell as written, printed. */
export async function turnedCellsOf(turned: TurnedColumns, row: number, record: Record<string, unknown>): Promise<void> {
  const texts = await turned.textsOf(row);
  for (const { name, before, index } of turned.columns) {
    if (row >= before) continue;
    const value = record[name];
    // a kept text may stand for a null written in its place (JSON's ±Infinity)
    const text = texts.get(index) ?? (value === null || value === undefined ? undefined : String(value));
    if (text === undefined) continue;
    // defined, not set: a column may be named "__proto__"
    Object.defineProperty(record, name, { value: text, enumerable: true, writable: true, configurable: true });
  }
}

/** A row's (0-based) cells, in place, under the header (`positions`: each turned column's), as the frame holds them. */
export async function turnedCellsOfRow(turned: TurnedColumns, row: number, cells: unknown[], positions: readonly number[]): Promise<void> {
  const texts = await turned.textsOf(row);
  turned.columns.forEach(({ before, index }, column) => {
    const position = positions[column];
    if (row >= before || position < 0) return;
    const value = cells[position];
    if (value !== null && value !== undefined) cells[position] = texts.get(index) ?? String(value);
  });
}

/** The lines of a text file, without their line ends. */
export function linesOf(written: Readable): AsyncIterable<string> {
  return createInterface({ input: written, crlfDelay: Infinity });
}

/** NDJSON: one record a line. */
export const ndjsonRewrite: RewritePass = async (written, write, turned) => {
  const out = chunkedWriter(write);
  let row = 0;
  for await (const line of linesOf(written)) {
    await out.add(`${row < turned.end ? await rewrittenRecord(line, turned, row) : line}\n`);
    row++;
  }
  await out.end();
};

/**
 * A JSON array as writeJSON writes it: `[`, a record at a time (a line, or with `indent` the lines
 * from `{` to the `}` at the line's start), `,` after each but the last, `]`.
 */
export function jsonRewrite(indent: number | undefined): RewritePass {
  return async (written, write, turned) => {
    const out = chunkedWriter(write);
    let row = 0;
    let record: string[] = [];
    for await (const line of linesOf(written)) {
      if (!record.length && !line.startsWith("{")) {
        await out.add(`${line}\n`);
        continue;
      }
      record.push(line);
      const ended = line.startsWith("}") || (record.length === 1 && /\},?$/.test(line));
      if (!ended) continue;
      const text = record.join("\n");
      record = [];
      const comma = text.endsWith(",");
      const body = comma ? text.slice(0, -1) : text;
      await out.add(`${row < turned.end ? await rewrittenRecord(body, turned, row, indent) : body}${comma ? "," : ""}\n`);
      row++;
    }
    await out.end();
  };
}

async function rewrittenRecord(text: string, turned: TurnedColumns, row: number, indent?: number): Promise<string> {
  const record = JSON.parse(text) as Record<string, unknown>;
  await turnedCellsOf(turned, row, record);
  return jsonText(record, indent) ?? text;
}
