import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { ownBuffer } from "../threads/ownBuffer";
import { workerScript } from "../threads/workerScript";
import { documentedFlags } from "../table/pageChunk";
import type { RowShape } from "../table/types";
import type { DecodedBody } from "./decodeBody";

/** The task as the pool sends it: the body's bytes and the row shape the pull looked up for its endpoint. */
export interface DecodeTask {
  bytes: ArrayBuffer;
  shape: RowShape;
  /** a page's bytes come back with its columns (its records may be asked for later) */
  keepBytes: boolean;
}

/** The decode workers' script (see workerScript): decodeWorker beside the bundle, or its bootstrap beside this file. */
export const decodeWorkerScript = (): string | undefined => workerScript("decodeWorker", __dirname);

/**
 * Worker threads for `threads: "auto"`: the cores but one (which fetches and builds the frame), at
 * least two and at most eight. Two on two cores: the workers wait for pages a third of the time,
 * and measured (docs/bench.md) two beat one there.
 */
export const autoThreads = (): number => {
  const cores = availableParallelism();
  return cores < 2 ? 0 : Math.min(8, Math.max(2, cores - 1));
};

/** A pool of worker threads decoding response bodies into page chunks, started on first use. */
export class DecodePool {
  readonly #threads: number;
  readonly #script: string;
  #pool: Piscina | undefined;
  /** the pulls using the threads now: when the last lets them go, they end */
  #users = 0;

  constructor(threads: number, script: string) {
    this.#threads = threads;
    this.#script = script;
  }

  /** decodeBody in a worker: the bytes are handed over, not copied (and handed back with a page's columns when `keepBytes`). */
  async decode(bytes: Buffer, shape: RowShape, keepBytes = false): Promise<DecodedBody> {
    this.#pool ??= new Piscina({ filename: this.#script, minThreads: this.#threads, maxThreads: this.#threads });
    const buffer = ownBuffer(bytes);
    // what decoding reads of the shape: the documented column types stay here (the finish reads them,
    // and a documented boolean's flags are made booleans here), not copied to the thread with every page
    const task: DecodeTask = { bytes: buffer, shape: { stackData: shape.stackData, globalIncludes: shape.globalIncludes }, keepBytes };
    const decoded = (await this.#pool.run(task, { transferList: [buffer] })) as DecodedBody;
    if (decoded.kind === "chunk") documentedFlags(decoded.chunk, shape.declaredTypes);
    return decoded;
  }

  /**
   * A pull takes the threads for its pages; `release` when its pages are in. The threads end when
   * no pull uses them (each holds a V8 heap of its own, a few hundred MiB after wide pages), so the
   * frame is built, and the client idles, without them; the next pull starts them again.
   */
  use(): () => Promise<void> {
    this.#users += 1;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      this.#users -= 1;
      if (this.#users === 0) await this.close();
    };
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.destroy();
  }
}
