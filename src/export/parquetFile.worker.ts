import { parentPort } from "node:worker_threads";
import type { ColumnarFileWriter } from "./columnarTypes";
import { openParquet } from "./parquetFile";
import type { FromParquetThread, ToParquetThread } from "./parquetThread";

/** A Parquet file's encoding on a thread of its own (parquetThread.ts): requests in order, bytes back as they are made. */
const port = parentPort!;
const send = (message: FromParquetThread, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
let file: ColumnarFileWriter | undefined;
let failed = false;
let work = Promise.resolve();

async function handle(request: ToParquetThread): Promise<void> {
  if (request.kind === "open") {
    file = await openParquet(
      {
        write: (chunk) =>
          Promise.resolve(send({ kind: "bytes", chunk: chunk as Uint8Array }, [(chunk as Uint8Array).buffer as ArrayBuffer])),
      },
      request.schema,
    );
  } else if (request.kind === "batch") await file!.writeBatch(request.batch);
  else await file!.finish();
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
