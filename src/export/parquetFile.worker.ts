import { parentPort } from "node:worker_threads";
import { openParquetEncoder, type ParquetEncoder } from "./parquetFile";
import type { FromParquetThread, ToParquetThread } from "./parquetThread";
import { ownBuffer } from "../threads/ownBuffer";

/** A Parquet file's encoding on a thread of its own (parquetThread.ts): row groups in order, bytes back as they are made. */
const port = parentPort!;
const send = (message: FromParquetThread, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
let encoder: ParquetEncoder | undefined;
let failed = false;
let work = Promise.resolve();

async function handle(request: ToParquetThread): Promise<void> {
  if (request.kind === "open") {
    encoder = await openParquetEncoder({
      write: (chunk) => {
        const buffer = ownBuffer(chunk as Uint8Array);
        send({ kind: "bytes", chunk: new Uint8Array(buffer) }, [buffer]);
        return Promise.resolve();
      },
    });
  } else if (request.kind === "batch") await encoder!.write(request.batch);
  else await encoder!.finish();
  send({ kind: "done", seq: request.seq });
}

port.on("message", (request: ToParquetThread) => {
  work = work.then(async () => {
    if (failed) return;
    try {
      await handle(request);
    } catch (error) {
      failed = true;
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      send({ kind: "failed", name, message });
    }
  });
});
