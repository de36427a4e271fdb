import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, linkSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { Client } from "../../src/client/client";
import { openStore, StoreBusyError } from "../../src/store";
import { spawnSyncChild } from "./helpers/syncChildProcess";

const TOKEN = "sync-token-s3cr3t";
const QUERY = { studies: [1, 2, 3], metricKeys: "differentiation", perPage: 25 };

function startChild(url: string, file: string): ChildProcess {
  return spawnSyncChild(url, TOKEN, file, QUERY);
}

async function snapshot(file: string): Promise<unknown[]> {
  const store = await openStore(file);
  try {
    const frame = await store.query("SELECT * FROM brandscape_data ORDER BY id");
    const state = await store.query('SELECT study_marks, "rows", last_run FROM fountframe_sync');
    return [frame.values, state.values];
  } finally {
    await store.close();
  }
}

/** A run killed mid-pull, and a second process at the same store while one runs. */
describe("sync across processes", () => {
  let emulator: Emulator;
  let dir: string;
  let reachedPage2: () => void = () => undefined;
  /** the latency of each brandscape-data page 1 asked (each study's first), in order; 0 past the list */
  let firstPageLatencies: number[] = [];
  let firstPages = 0;
  beforeEach(async () => {
    firstPageLatencies = [];
    firstPages = 0;
    emulator = await startEmulator({
      rateLimit: false,
      token: TOKEN,
      latencyMs: ({ resource, page }) => {
        if (resource === "brandscape-data" && page === 2) reachedPage2();
        if (resource === "brandscape-data" && page === 1) return firstPageLatencies[firstPages++] ?? 0;
        return 0;
      },
    });
    dir = mkdtempSync(join(tmpdir(), "fountframe-sync-kill-"));
  });
  afterEach(async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a killed run leaves the store readable and unchanged, a second process is refused meanwhile, and the next run completes it", async () => {
    const file = join(dir, "fount.duckdb");
    const client = new Client(TOKEN, { baseUrl: emulator.url, verbose: false });
    {
      const store = await openStore(file);
      await client.sync(store, "brandscapeData", QUERY);
      await store.close();
    }
    const before = await snapshot(file);
    emulator.revise({ studies: [1, 2] });
    // the child's pull of the revised studies hangs on its second page, inside its transaction
    emulator.setFaults([{ kind: "hang", resource: "brandscape-data", page: 2 }]);
    const reached = new Promise<void>((resolve) => (reachedPage2 = resolve));
    const child = startChild(emulator.url, file);
    await reached;

    expect(existsSync(`${file}.wal.fountframe`)).toBe(true);
    await expect(openStore(file)).rejects.toThrow(StoreBusyError);
    // the refused open leaves the running sync's mark: without it, a log its next commit leaves at a kill would be refused as a stranger's
    expect(existsSync(`${file}.wal.fountframe`)).toBe(true);
    child.kill("SIGKILL");
    await once(child, "exit");
    expect(await snapshot(file)).toEqual(before);

    emulator.setFaults([]);
    const store = await openStore(file);
    const report = await client.sync(store, "brandscapeData", QUERY);
    expect(report).toMatchObject({ mode: "incremental", partitions: { replaced: [1, 2], removed: [] } });
    await store.close();
    await client.aclose();
  });

  it("a new store held open with no sync yet: a second process is told it is busy, and after a kill it opens", async () => {
    const file = join(dir, "new.duckdb");
    const child = spawnSyncChild(emulator.url, TOKEN, file, "hold");
    try {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      while (!out.includes("opened")) await new Promise((resolve) => setTimeout(resolve, 20));
      // the store's own tables were made with the file: nothing of them may be left as a log without its mark
      expect(existsSync(`${file}.wal`) && !existsSync(`${file}.wal.fountframe`)).toBe(false);
      await expect(openStore(file)).rejects.toThrow(StoreBusyError);
    } finally {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
    const store = await openStore(file);
    expect(await store.tables()).toEqual([]);
    await store.close();
  });

  it.each(["the same path", "a symbolic link", "a hard link"])(
    "a second openStore refused in this process by %s keeps the process's lock: another process is still refused",
    async (way) => {
      const file = join(dir, "fount.duckdb");
      const store = await openStore(file);
      try {
        const other = { "the same path": file, "a symbolic link": join(dir, "link.duckdb"), "a hard link": join(dir, "hard.duckdb") }[way]!;
        if (way === "a symbolic link") symlinkSync(file, other);
        if (way === "a hard link") linkSync(file, other);
        await expect(openStore(other)).rejects.toThrow(StoreBusyError);
        const child = spawnSyncChild(emulator.url, TOKEN, file, "hold");
        let err = "";
        child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
        let out = "";
        // a child that opened the store holds it until killed: it is killed at once, and the test fails on its "opened"
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          child.kill("SIGKILL");
        });
        const [code] = (await once(child, "exit")) as [number | null];
        expect({ code, out, err }).toMatchObject({ code: 1, out: "", err: expect.stringMatching(/is in use by another process/) });
        expect(await store.tables()).toEqual([]);
      } finally {
        await store.close();
      }
    },
    60_000,
  );

  it("a run killed after k of n studies keeps those k, whole with their marks, and the next run pulls only the rest", async () => {
    const file = join(dir, "fount.duckdb");
    // the first pull is study 1 alone (committed while the next pull's first request is out), the
    // next pulls studies 2 and 3 together (to be committed together): that pull hangs on its first
    // page, and the child is killed there, a second after it was asked
    firstPageLatencies = [0, 60_000];
    const reachedThird = new Promise<void>((resolve) => {
      const started = Date.now();
      const poll = setInterval(() => {
        if (firstPages >= 2 || Date.now() - started > 60_000) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    const child = startChild(emulator.url, file);
    await reachedThird;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.kill("SIGKILL");
    await once(child, "exit");

    const client = new Client(TOKEN, { baseUrl: emulator.url, verbose: false });
    const store = await openStore(file);
    const held = await store.query("SELECT study_id, count(*) AS n FROM brandscape_data GROUP BY 1 ORDER BY 1");
    expect(held.column("study_id").values).toEqual([1]);
    const marks = JSON.parse(String((await store.query("SELECT study_marks FROM fountframe_sync")).values[0]));
    expect(Object.keys(marks)).toEqual(["1"]);
    emulator.resetStats();
    const report = await client.sync(store, "brandscapeData", QUERY);
    expect(report).toMatchObject({ mode: "incremental", removed: 0, partitions: { replaced: [2, 3], removed: [] } });
    const asked = emulator.stats.log
      .filter((entry) => entry.path.endsWith("/brandscape-data"))
      .map((entry) => decodeURIComponent(entry.query));
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked.map((query) => /filter\[studies\]=([^&]*)/.exec(query)?.[1]))).toEqual(new Set(["2", "3"]));
    const fresh = await client.brandscapeData(QUERY);
    const counts = await store.query("SELECT count(*) AS n, count(DISTINCT id) AS ids FROM brandscape_data");
    expect(counts.values).toEqual([[fresh.shape[0], fresh.shape[0]]]);
    await store.close();
    await client.aclose();
  });
});
