import { closeSync, writeSync } from "node:fs";
import { open } from "node:fs/promises";
import { deserialize, serialize } from "node:v8";
import { scratchFile, type TemporaryOutput } from "./output";

/**
 * Batches of rows kept on disk as they were written (a scratch file, each batch V8-serialised
 * behind its length), to be read back in order: what an Excel workbook is written again from,
 * since its zipped XML cannot be read back as written. Memory holds one batch.
 */
export class RowSpool {
  #file: { output: TemporaryOutput; fd: number } | undefined;

  add(rows: readonly (readonly unknown[])[]): void {
    if (!rows.length) return;
    const bytes = serialize(rows);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(bytes.length);
    this.#file ??= scratchFile("rows kept for a rewrite");
    writeSync(this.#file.fd, length);
    writeSync(this.#file.fd, bytes);
  }

  /** The batches, in the order added. */
  async *batches(): AsyncGenerator<unknown[][], void> {
    if (!this.#file) return;
    const handle = await open(this.#file.output.path, "r");
    try {
      const length = Buffer.alloc(4);
      for (let position = 0; ;) {
        const { bytesRead } = await handle.read(length, 0, 4, position);
        if (bytesRead < 4) return;
        const bytes = Buffer.alloc(length.readUInt32LE());
        await handle.read(bytes, 0, bytes.length, position + 4);
        position += 4 + bytes.length;
        yield deserialize(bytes) as unknown[][];
      }
    } finally {
      await handle.close();
    }
  }

  /** Removes the file. */
  async discard(): Promise<void> {
    if (!this.#file) return;
    const { output, fd } = this.#file;
    this.#file = undefined;
    closeSync(fd);
    await output.discard();
  }
}
