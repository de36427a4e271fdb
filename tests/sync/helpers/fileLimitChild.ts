/**
 * A sync run under a file size limit (the caller's `ulimit -f`), then one more call of the same
 * store: prints what each gave, `{ name, message }` of its error or "ok", as JSON lines. The method
 * `writeParquet` exports instead: its options are `{ table, dir, partitionBy? }`.
 * Usage: node --import tsx fileLimitChild.ts <baseUrl> <token> <storeFile> <method> <options JSON>
 */
import { Client } from "../../../src/client/client";
import { openStore } from "../../../src/store";

const [baseUrl, token, file, method, options] = process.argv.slice(2);

const outcome = (error?: unknown) =>
  JSON.stringify(error === undefined ? "ok" : { name: (error as Error).name, message: (error as Error).message });

async function main(): Promise<void> {
  const client = new Client(token, { baseUrl, verbose: false, retries: 0 });
  const store = await openStore(file);
  const given = JSON.parse(options) as Record<string, unknown>;
  const first =
    method === "writeParquet"
      ? () => store.writeParquet(given.table as string, given.dir as string, { partitionBy: given.partitionBy as string[] | undefined })
      : () => client.sync(store, method as "brands", given);
  for (const call of [first, () => store.tables()]) {
    process.stdout.write(
      `${await call().then(
        () => outcome(),
        (error: unknown) => outcome(error),
      )}\n`,
    );
  }
  await store.close();
  await client.aclose();
}

void main();
