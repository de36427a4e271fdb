import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { APIError } from "../../src/errors";
import { writeArrow, writeCSV, writeExcel, writeJSON, writeNDJSON, writeParquet } from "../../src/export";
import { bytesWrittenTo } from "../../src/export/output";
import { useEmulator } from "../client/fixture";
import { collector } from "./exportFixtures";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-pull-");

const WRITERS = [
  ["csv", writeCSV],
  ["ndjson", writeNDJSON],
  ["json", writeJSON],
  ["xlsx", writeExcel],
  ["parquet", writeParquet],
  ["arrow", writeArrow],
] as const;
const pull = (client = env.client({ retries: 0, onErrors: "raise" })) => client.rawPages("brands", { perPage: 10, maxPages: 5 });

test.each(WRITERS)("a pull that fails on page 3 (%s): the old file stays, no partial file is left", async (extension, write) => {
  env.emulator.setFaults([{ resource: "brands", page: 3, kind: "status", status: 500 }]);
  const path = join(dir, `failing.${extension}`);
  writeFileSync(path, "the previous export\n");
  await expect(write(pull(), path)).rejects.toThrow(APIError);
  expect(readFileSync(path, "utf8")).toBe("the previous export\n");
  expect(readdirSync(dir).filter((name) => name.endsWith(".partial"))).toEqual([]);
});

test.each(WRITERS)("a pull aborted by closing its client (%s): no file, no partial file", async (extension, write) => {
  const client = env.client();
  env.emulator.setFaults([{ resource: "brands", page: 2, kind: "hang" }]);
  const path = join(dir, `aborted.${extension}`);
  const writing = write(pull(client), path);
  setTimeout(() => void client.aclose(), 200);
  await expect(writing).rejects.toThrow();
  expect(readdirSync(dir).filter((name) => name.startsWith(".aborted") || name.startsWith("aborted"))).toEqual([]);
});

describe("JSON to a stream is never left broken", () => {
  test("a failure before the first page writes nothing at all", async () => {
    const { stream, text } = collector();
    await expect(writeJSON(env.client({ retries: 0 }).rawPages("nonexistent/thing"), stream)).rejects.toThrow(APIError);
    expect(text()).toBe("");
    expect(bytesWrittenTo(stream)).toBe(0);
  });

  test("a failure after the first page closes the array: parseable, and the bytes tell it was cut", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 3, kind: "status", status: 500 }]);
    const { stream, text } = collector();
    await expect(writeJSON(pull(), stream)).rejects.toThrow(APIError);
    const records = JSON.parse(text()) as unknown[];
    expect(records.length).toBeGreaterThanOrEqual(10);
    expect(records.length).toBeLessThan(50);
    expect(bytesWrittenTo(stream)).toBeGreaterThan(0);
  });
});
