/**
 * Run as a child process by lifecycle.test.ts: one client with a call in each kind of wait,
 * closed midway. It never calls process.exit: the process must end by itself, with no socket,
 * timer or interval of the client's left behind.
 */
import { Client } from "../../../src/client/client";

const client = new Client(process.env.FOUNT_TEST_TOKEN!, {
  baseUrl: process.env.FOUNT_TEST_URL!,
  verbose: false,
  retryBaseDelayMs: 60_000,
  timeout: 120_000,
});

let markClosed: () => void;
const closed = new Promise<void>((resolve) => {
  markClosed = resolve;
});

let markBetweenPages: () => void;
const betweenPages = new Promise<void>((resolve) => {
  markBetweenPages = resolve;
});

async function streamBetweenPages(): Promise<void> {
  const stream = client.pages("countries", { perPage: 5, maxPages: 20 });
  await stream.next();
  markBetweenPages();
  await closed;
  await stream.next();
}

const calls = {
  hungFrameCall: client.brands({ maxPages: 1 }),
  trickledBody: client.rawQuery("regions"),
  retryWait: client.rawQuery("sectors"),
  pacingWait: client.rawQuery("cities", { perPage: 5, maxPages: 5 }),
  streamBetweenPages: streamBetweenPages(),
};

async function main(): Promise<void> {
  process.stdin.resume();
  // the parent sees the other calls reach their waits in the emulator's log; this one it cannot see
  await Promise.race([betweenPages, calls.streamBetweenPages]);
  process.stdout.write("ready\n");
  await new Promise<void>((resolve) => process.stdin.once("end", resolve));
  await client.aclose();
  markClosed();
  const outcomes = await Promise.all(
    Object.entries(calls).map(async ([name, call]) => [
      name,
      await call.then(
        () => "fulfilled",
        (error: Error) => error.name,
      ),
    ]),
  );
  process.stdout.write(`${JSON.stringify(Object.fromEntries(outcomes))}\n`);
}

void main();
