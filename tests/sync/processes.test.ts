import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { Client } from "../../src/client/client";
import { openStore, StoreBusyError } from "../../src/store";

const TOKEN = "sync-token-s3cr3t";
const QUERY = { studies: [1, 2, 3], metricKeys: "differentiation", perPage: 25 };
const CHILD = join(__dirname, "helpers/syncChild.ts");

function startChild(url: string, file: string): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", CHILD, url, TOKEN, file, JSON.stringify(QUERY)], {
    cwd: join(__dirname, "../.."),
    stdio: ["ignore", "pipe", "pipe"],
  });
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
  beforeEach(async () => {
    emulator = await startEmulator({
      rateLimit: false,
      token: TOKEN,
      latencyMs: ({ resource, page }) => {
        if (resource === "brandscape-data" && page === 2) reachedPage2();
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

    await expect(openStore(file)).rejects.toThrow(StoreBusyError);
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
});
