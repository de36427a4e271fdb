/**
 * A sync in a process of its own, for the tests that kill it or run beside it.
 * Usage: node --import tsx syncChild.ts <baseUrl> <token> <storeFile> <options JSON | "hold">
 * ("hold": the store opened and held, no sync, until the process is killed)
 */
import { Client } from "../../../src/client/client";
import { openStore } from "../../../src/store";

const [baseUrl, token, file, options] = process.argv.slice(2);

async function main(): Promise<void> {
  const client = new Client(token, { baseUrl, verbose: false });
  const store = await openStore(file);
  process.stdout.write("opened\n");
  if (options === "hold") {
    setInterval(() => undefined, 60_000);
    return;
  }
  const report = await client.sync(store, "brandscapeData", JSON.parse(options) as Record<string, unknown>);
  process.stdout.write(`${JSON.stringify(report)}\n`);
  await store.close();
  await client.aclose();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
