/**
 * Large response buffers, reused once their answer is written: a 1 MB page every few
 * milliseconds would otherwise keep the garbage collector busy.
 */
const POOL_LIMIT = 24;
const POOLED_MIN_BYTES = 64 * 1024;
const pool: Buffer[] = [];
const pooledBodies = new WeakMap<Buffer, Buffer>();

function acquire(bytes: number): Buffer {
  const index = pool.findIndex((buffer) => buffer.length >= bytes);
  return index >= 0 ? pool.splice(index, 1)[0] : Buffer.allocUnsafe(bytes);
}

/** Hands a body from ByteSink.result() back for reuse; call only after it was written out. */
export function releaseBody(body: Buffer): void {
  const buffer = pooledBodies.get(body);
  if (!buffer) return;
  pooledBodies.delete(body);
  recycle(buffer);
}

function recycle(buffer: Buffer): void {
  if (buffer.length >= POOLED_MIN_BYTES && pool.length < POOL_LIMIT) pool.push(buffer);
}

/** Bytes laid down in one growing buffer: the response body, written without building strings. */
export class ByteSink {
  buffer: Buffer;
  /** the same bytes, for unaligned 32-bit writes */
  view: DataView;
  length = 0;

  constructor(initialBytes: number) {
    this.buffer = acquire(Math.max(1024, initialBytes));
    this.view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength);
  }

  /** Makes room for `count` more bytes; the caller may then write into `buffer` directly. */
  reserve(count: number): void {
    const needed = this.length + count;
    if (needed <= this.buffer.length) return;
    const grown = acquire(Math.max(needed, this.buffer.length * 2));
    this.buffer.copy(grown, 0, 0, this.length);
    recycle(this.buffer);
    this.buffer = grown;
    this.view = new DataView(grown.buffer, grown.byteOffset, grown.byteLength);
  }

  text(text: string): void {
    this.reserve(text.length * 3);
    this.length += this.buffer.write(text, this.length, "utf8");
  }

  bytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** The bytes written; release them with releaseBody once sent. */
  result(): Buffer {
    const body = this.buffer.subarray(0, this.length);
    pooledBodies.set(body, this.buffer);
    return body;
  }
}

/**
 * Short ASCII texts as little-endian 32-bit words, `wordsEach` words per text (zero padded), so
 * that a writer copies four bytes per step (see metricBlock.ts).
 */
export interface PackedWords {
  readonly words: Uint32Array;
  readonly lengths: Uint8Array;
  readonly wordsEach: number;
}

export function packWords(texts: readonly string[], wordsEach: number): PackedWords {
  const words = new Uint32Array(texts.length * wordsEach);
  const lengths = new Uint8Array(texts.length);
  texts.forEach((text, i) => {
    const bytes = Buffer.from(text, "latin1");
    if (bytes.length > wordsEach * 4 || /[^\x20-\x7e]/.test(text)) throw new Error(`cannot pack ${JSON.stringify(text)}`);
    const padded = Buffer.alloc(wordsEach * 4);
    bytes.copy(padded);
    for (let w = 0; w < wordsEach; w++) words[i * wordsEach + w] = padded.readUInt32LE(w * 4);
    lengths[i] = bytes.length;
  });
  return { words, lengths, wordsEach };
}
