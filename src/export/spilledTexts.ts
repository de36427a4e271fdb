import { closeSync, createReadStream, writeSync, type ReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { scratchFile, type TemporaryOutput } from "./output";

/**
 * The text of cells written as numbers whose number prints otherwise ("1.50" written 1.5, "+1"
 * as 1), kept on disk (a scratch file, one line a cell), so memory stays flat in rows: what a
 * rewrite needs when a later page turns their column to text. Cells are added a batch at a time
 * and read back in row order.
 */
export class SpilledTexts {
  #file: { output: TemporaryOutput; fd: number } | undefined;
  /** this batch's cells: row, column, text */
  #pending: [number, number, string][] = [];
  readonly #readers: ReadStream[] = [];

  add(row: number, column: number, text: string): void {
    this.#pending.push([row, column, text]);
  }

  /** Writes the batch's cells, in row order. */
  flush(): void {
    if (!this.#pending.length) return;
    const cells = this.#pending.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    this.#pending = [];
    let text = "";
    for (const [row, column, cell] of cells) text += `${row}\t${column}\t${JSON.stringify(cell)}\n`;
    this.#file ??= scratchFile("numeric text kept for a rewrite");
    writeSync(this.#file.fd, text);
  }

  /** The kept cells of each row in turn: call with rows in increasing order. */
  reader(): (row: number) => Promise<ReadonlyMap<number, string>> {
    const none = new Map<number, string>();
    if (!this.#file) return () => Promise.resolve(none);
    const input = createReadStream(this.#file.output.path);
    this.#readers.push(input);
    const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
    let next: [number, number, string] | undefined | null;
    const readNext = async () => {
      const line = await lines.next();
      if (line.done) return null;
      const [row, column, text] = line.value.split("\t", 3);
      return [Number(row), Number(column), JSON.parse(text) as string] as [number, number, string];
    };
    return async (row) => {
      if (next === undefined) next = await readNext();
      if (next === null || next[0] > row) return none;
      const texts = new Map<number, string>();
      while (next !== null && next[0] <= row) {
        if (next[0] === row) texts.set(next[1], next[2]);
        next = await readNext();
      }
      return texts;
    };
  }

  /** Removes the file. */
  async discard(): Promise<void> {
    if (!this.#file) return;
    const { output, fd } = this.#file;
    this.#file = undefined;
    for (const reader of this.#readers.splice(0)) reader.destroy();
    closeSync(fd);
    await output.discard();
  }
}
