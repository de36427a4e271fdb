import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FaultRule } from "../../src/emulator";
import { captureWarnings, pagesRequested, useEmulator } from "./fixture";
import { expectSameFrame } from "./sameFrame";

// brands: 439 records, 5 pages at 100
const env = useEmulator();
const MAINTENANCE: FaultRule = { resource: "brands", page: 2, kind: "status", status: 200, body: '{"message":"Service in maintenance"}' };

let root: string;
let dir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "fountframe-keeps-"));
  dir = join(root, "not", "yet", "made");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cached = () => env.client({ cache: { dir } });

describe("the cache keeps an answer only after it passed the pull's checks", () => {
  it("a wrong-shaped 200 is retried like a malformed body, and the cache replays the full frame", async () => {
    env.emulator.setFaults([{ ...MAINTENANCE, times: 1 }]);
    const { result: fill, warnings } = await captureWarnings(() => cached().brands());
    expect(warnings).toEqual([]);
    expect(fill.shape[0]).toBe(439);
    expect(pagesRequested(env.emulator, "brands").sort()).toEqual([1, 2, 2, 3, 4, 5]);
    env.emulator.resetStats();
    const again = await cached().brands();
    expect(env.emulator.stats.requests).toBe(0);
    expectSameFrame(again, fill);
  });

  it("a wrong-shaped 200 after every retry is reported as malformed, never kept: the next pull asks for that page only", async () => {
    env.emulator.setFaults([MAINTENANCE]);
    const { result: fill, warnings } = await captureWarnings(() => env.client({ cache: { dir }, retries: 1 }).brands());
    expect(fill.shape[0]).toBe(339);
    expect(warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/1 of 5 pages failed after retries.*page 2 \(HTTP 200 from .*brands\?.*: the response had no `data` member\)/),
    ]);
    env.emulator.setFaults([]);
    env.emulator.resetStats();
    const { result: again, warnings: none } = await captureWarnings(() => cached().brands());
    expect(none).toEqual([]);
    expect(again.shape[0]).toBe(439);
    expect(pagesRequested(env.emulator, "brands")).toEqual([2]);
  });

  it("a transient empty middle page is not replayed: the pull that warned kept none of its pages", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "emptyPage", times: 1 }]);
    const { result: fill, warnings } = await captureWarnings(() => cached().brands());
    expect(fill.shape[0]).toBe(100);
    expect(warnings).toHaveLength(1);
    env.emulator.resetStats();
    const { result: again, warnings: none } = await captureWarnings(() => cached().brands());
    expect(none).toEqual([]);
    expect(again.shape[0]).toBe(439);
    expect(pagesRequested(env.emulator, "brands").sort()).toEqual([1, 2, 3, 4, 5]);
    env.emulator.resetStats();
    await cached().brands();
    expect(env.emulator.stats.requests).toBe(0);
  });

  it("pages that disagree (records inserted mid-pull) are not kept", async () => {
    await cached().brands();
    env.emulator.setFaults([{ resource: "brands", page: 3, kind: "recordsInserted", count: 2 }]);
    await env.client({ cache: { dir, maxAgeMs: 1 } }).brands(); // every entry stale: fetched afresh, and disagreeing
    env.emulator.setFaults([]);
    env.emulator.resetStats();
    const { warnings } = await captureWarnings(() => cached().brands());
    expect(warnings).toEqual([]);
    expect(pagesRequested(env.emulator, "brands").sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("a tool's wrong-shaped 200 is retried and not kept; the good answer is", async () => {
    const call = () => cached().tools.archetypes({ studies: 1, brands: 1 });
    env.emulator.setFaults([{ resource: "tools", kind: "status", status: 200, body: '{"message":"Service in maintenance"}', times: 1 }]);
    const { frame } = await call();
    expect(env.emulator.stats.requests).toBe(2);
    env.emulator.resetStats();
    const { frame: again } = await call();
    expect(env.emulator.stats.requests).toBe(0);
    expectSameFrame(again, frame);
  });
});

describe("cache files are private", () => {
  it("the folder is created 0700 and every entry file is 0600", async () => {
    await cached().brands();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
      .map((name) => join(dir, name))
      .filter((path) => statSync(path).isFile());
    expect(files.length).toBeGreaterThanOrEqual(10); // 5 contents, 5 index buckets
    expect(files.filter((path) => (statSync(path).mode & 0o777) !== 0o600)).toEqual([]);
  });
});
