import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ExportError, writeCSV, writeExcel, writeJSON, writeNDJSON } from "../../src/export";
import { AS_NOBODY, ROOT, bundleInto, nobodyCanRead, readableFolder, whyNotNobody } from "../helpers/asNobody";
import { pagesOf } from "./exportFixtures";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-targets-");
const file = (...parts: string[]) => join(dir, ...parts);
const ROWS = [
  { id: 1, name: "a" },
  { id: 2, name: "b" },
];
const leftovers = (folder: string) => readdirSync(folder).filter((name) => name.endsWith(".partial"));

describe("a symbolic link: its target is written, the link stays", () => {
  test("a link to a file in another folder", async () => {
    mkdirSync(file("real"));
    writeFileSync(file("real", "data.csv"), "old\n");
    symlinkSync(file("real", "data.csv"), file("link.csv"));
    await writeCSV(ROWS, file("link.csv"));
    expect(lstatSync(file("link.csv")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(file("link.csv"))).toBe(file("real", "data.csv"));
    expect(readFileSync(file("real", "data.csv"), "utf8")).toBe("id,name\n1,a\n2,b\n");
    expect([...leftovers(dir), ...leftovers(file("real"))]).toEqual([]);
  });

  test("a relative link to a file not there yet", async () => {
    symlinkSync("real/new.ndjson", file("dangling.ndjson"));
    await writeNDJSON(ROWS, file("dangling.ndjson"));
    expect(lstatSync(file("dangling.ndjson")).isSymbolicLink()).toBe(true);
    expect(readFileSync(file("real", "new.ndjson"), "utf8")).toBe('{"id":1,"name":"a"}\n{"id":2,"name":"b"}\n');
  });

  test("a replaced file keeps its permissions", async () => {
    writeFileSync(file("private.csv"), "old\n");
    chmodSync(file("private.csv"), 0o600);
    await writeCSV(ROWS, file("private.csv"));
    expect(statSync(file("private.csv")).mode & 0o777).toBe(0o600);
  });
});

describe("non-regular files are written directly, never replaced", () => {
  test("a FIFO: its reader gets every byte, and the FIFO stays", async () => {
    const fifo = file("pipe.json");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const reader = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "inherit"] });
    const chunks: Buffer[] = [];
    reader.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    const exited = new Promise((resolve) => reader.on("close", resolve));
    await writeJSON(pagesOf(ROWS), fifo);
    await exited;
    expect(JSON.parse(Buffer.concat(chunks).toString("utf8"))).toEqual(ROWS);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(leftovers(dir)).toEqual([]);
  });

  test("/dev/null takes any format and stays a device", async () => {
    for (const write of [writeCSV, writeNDJSON, writeJSON, writeExcel]) {
      await expect(write(ROWS, "/dev/null")).resolves.toMatchObject({ rows: 2, path: "/dev/null" });
    }
    expect(statSync("/dev/null").isCharacterDevice()).toBe(true);
    expect(leftovers("/dev")).toEqual([]);
  });

  test("/dev/full: an ExportError naming the device, with the reason", async () => {
    const failure = await writeCSV(ROWS, "/dev/full").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExportError);
    expect((failure as Error).message).toBe("cannot write /dev/full: no space left on the device (ENOSPC)");
  });
});

describe("folders", () => {
  test("a missing folder is created (the README's `out/x.csv`)", async () => {
    const summary = await writeCSV(ROWS, file("out", "deeper", "x.csv"));
    expect(summary.path).toBe(file("out", "deeper", "x.csv"));
    expect(readFileSync(file("out", "deeper", "x.csv"), "utf8")).toBe("id,name\n1,a\n2,b\n");
  });

  test("a path through a file: ExportError naming the user's path, not the hidden temp file", async () => {
    writeFileSync(file("plain"), "");
    const failure = await writeCSV(ROWS, file("plain", "x.csv")).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExportError);
    expect((failure as Error).message).toBe(`cannot write ${file("plain", "x.csv")}: a part of the path is not a folder (ENOTDIR)`);
    expect((failure as Error).message).not.toMatch(/partial/);
  });

  test("a folder as the target", async () => {
    await expect(writeCSV(ROWS, dir)).rejects.toThrow(new ExportError(`cannot write ${dir}: it is a folder; name a file inside it`));
  });
});

/**
 * Runs a script (that may require TypeScript files) as nobody: with the clone's tsx, or where nobody cannot read the clone
 * (a folder only root may enter), bundled with what it imports into a folder nobody can read.
 */
function runAsNobody(script: string) {
  const [command, ...args] = AS_NOBODY;
  const options = { encoding: "utf8", cwd: tmpdir() } as const;
  const tsx = require.resolve("tsx/cjs");
  if (nobodyCanRead(tsx)) return spawnSync(command, [...args, process.execPath, "-r", tsx, "-e", script], options);
  const readable = readableFolder();
  try {
    writeFileSync(join(readable, "script.ts"), script);
    bundleInto(readable, { script: join(readable, "script.ts") });
    return spawnSync(command, [...args, process.execPath, join(readable, "script.cjs")], options);
  } finally {
    rmSync(readable, { recursive: true, force: true });
  }
}

describe("as a user without root's rights", () => {
  const why = whyNotNobody();
  const maybe = why ? test.skip : test;
  if (why) test(`skipped: ${why}`, () => {});

  maybe("a folder nobody may not write: ExportError naming the user's path; /dev/stdout works", () => {
    const locked = file("locked");
    mkdirSync(locked, { mode: 0o755 });
    chmodSync(dir, 0o755);
    const script = `
      const { writeCSV } = require(${JSON.stringify(join(ROOT, "src/export"))});
      (async () => {
        const rows = [{ id: 1 }];
        const denied = await writeCSV(rows, ${JSON.stringify(join(locked, "x.csv"))}).catch((e) => e);
        process.stderr.write(denied.name + ": " + denied.message + "\\n");
        await writeCSV(rows, "/dev/stdout");
      })();`;
    const run = runAsNobody(script);
    expect(run.stderr).toBe(`ExportError: cannot write ${join(locked, "x.csv")}: permission denied (EACCES)\n`);
    expect(run.stdout).toBe("id\n1\n");
    expect(existsSync(join(locked, "x.csv"))).toBe(false);
  });
});
