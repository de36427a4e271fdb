import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { Client } from "../../src/client/client";
import { openStore } from "../../src/store";
import { spawnSyncChild } from "./helpers/syncChildProcess";

const TOKEN = "kill-anywhere-t0ken";
const FIELDS = ["id", "study_id", "brand_id", "brand_name", "differentiation_c", "relevance_c", "esteem_c", "brand_strength_c"];
/** the points of a full run's time at which a run is killed (fractions of it, after the store opened) */
const KILL_AT = [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95];

interface Truth {
  /** each study's ids on the service */
  idsByStudy: Map<number, Set<number>>;
  /** each id's cells of FIELDS, as text */
  cells: Map<number, string[]>;
  /** each study's data_updated_at on the service: the mark a sync keeps for it */
  marks: Map<number, string>;
}

interface ChildRun {
  /** resolves once the child has opened the store */
  opened: Promise<void>;
  kill(): void;
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function valuesOf(frame: { column(name: string): { values: unknown[] } }, name: string): unknown[] {
  return frame.column(name).values;
}

/**
 * A sync killed (SIGKILL) at points spread over a whole run, several groups of studies and their
 * checkpoints among them, full and incremental runs in turn, each after studies were revised: after
 * each kill the store opens (its own write-ahead log replayed, never refused), every study it holds
 * rows of holds each id once, a study whose mark is the service's holds exactly the service's rows
 * and cells, and the run after the last kill leaves the store equal to a fresh pull.
 */
describe("a sync killed at any moment", () => {
  let emulator: Emulator;
  let client: Client;
  let dir: string;
  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false, token: TOKEN, latencyMs: () => 2, scale: 20_000 });
    client = new Client(TOKEN, { baseUrl: emulator.url, verbose: false });
    dir = mkdtempSync(join(tmpdir(), "fountframe-kill-anywhere-"));
  });
  afterAll(async () => {
    await client.aclose();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function truth(query: Record<string, unknown>): Promise<Truth> {
    const listed = await client.studies({ filters: { released: 1 } });
    const marks = new Map(valuesOf(listed, "id").map((id, row) => [Number(id), String(valuesOf(listed, "data_updated_at")[row])]));
    const frame = await client.brandscapeData(query);
    const ids = valuesOf(frame, "id").map(Number);
    const studies = valuesOf(frame, "study_id").map(Number);
    const columns = FIELDS.map((name) => valuesOf(frame, name));
    const idsByStudy = new Map<number, Set<number>>();
    ids.forEach((id, row) => {
      const held = idsByStudy.get(studies[row]) ?? new Set<number>();
      idsByStudy.set(studies[row], held.add(id));
    });
    return { idsByStudy, cells: new Map(ids.map((id, row) => [id, columns.map((cells) => String(cells[row]))])), marks };
  }

  function runChild(file: string, query: Record<string, unknown>): ChildRun {
    const child = spawnSyncChild(emulator.url, TOKEN, file, query);
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    const opened = new Promise<void>((resolve) => {
      child.stdout.setEncoding("utf8").on("data", (text: string) => {
        if (text.includes("opened")) resolve();
      });
      child.on("exit", () => resolve());
    });
    const ended = once(child, "exit").then(([code, signal]) => ({
      code: code as number | null,
      signal: signal as NodeJS.Signals | null,
      stderr,
    }));
    return { opened, kill: () => child.kill("SIGKILL"), ended };
  }

  /**
   * What is wrong with the store after a run (none: an empty list): a study held twice over, or a
   * study whose mark is the service's that does not hold exactly the service's rows; `whole` asks
   * that of every study, and the table to be the service's whole.
   */
  async function problemsOf(file: string, known: Truth, whole: boolean): Promise<string[]> {
    const store = await openStore(file);
    try {
      const tables = await store.query("SELECT table_name FROM duckdb_tables() WHERE database_name = current_database()");
      if (!valuesOf(tables, "table_name").includes("brandscape_data")) return whole ? ["no brandscape_data table"] : [];
      const state = await store.query("SELECT study_marks FROM fountframe_sync");
      const marks = JSON.parse(String(valuesOf(state, "study_marks")[0] ?? "{}")) as Record<string, unknown>;
      const frame = await store.query(`SELECT ${FIELDS.join(", ")} FROM brandscape_data ORDER BY id`);
      const columns = FIELDS.map((name) => valuesOf(frame, name));
      const rowsByStudy = new Map<number, number[]>();
      columns[1].forEach((study, row) => {
        const rows = rowsByStudy.get(Number(study));
        if (rows) rows.push(row);
        else rowsByStudy.set(Number(study), [row]);
      });
      const current = (study: number) => marks[String(study)] === known.marks.get(study);
      const problems: string[] = [];
      for (const study of new Set([...rowsByStudy.keys(), ...Object.keys(marks).map(Number)])) {
        const rows = rowsByStudy.get(study) ?? [];
        const ids = new Set(rows.map((row) => Number(columns[0][row])));
        if (ids.size !== rows.length) problems.push(`study ${study}: ${rows.length} rows, ${ids.size} ids`);
        if (!whole && !current(study)) continue;
        const wanted = known.idsByStudy.get(study) ?? new Set<number>();
        const differing = rows.filter((row) => {
          const cells = known.cells.get(Number(columns[0][row]));
          return !cells || columns.some((held, c) => String(held[row]) !== cells[c]);
        }).length;
        if (ids.size !== wanted.size || differing > 0)
          problems.push(
            `study ${study} (mark ${current(study) ? "current" : "not current"}): ${ids.size} ids, the service ${wanted.size}; ${differing} rows differ`,
          );
      }
      if (whole && columns[0].length !== known.cells.size) problems.push(`${columns[0].length} rows, the service ${known.cells.size}`);
      return problems;
    } finally {
      await store.close();
    }
  }

  it("leaves a store that opens, holds whole studies, and is made whole by the next run", async () => {
    const studies = valuesOf(await client.studies({ filters: { released: 1 } }), "id").map(Number);
    const query = { studies, fields: FIELDS, include: "no_default" };
    const file = join(dir, "fount.duckdb");
    let known = await truth(query);

    const first = runChild(file, query);
    await first.opened;
    const started = performance.now();
    expect((await first.ended).stderr).toBe("");
    const runMs = performance.now() - started;
    expect(await problemsOf(file, known, true)).toEqual([]);

    const outcomes: string[] = [];
    for (const [k, at] of KILL_AT.entries()) {
      // each run is as long as the first, so that its kill lands inside it: an incremental run after
      // every study was revised, or a full run after a third of them were
      emulator.revise({ studies: k % 2 === 0 ? studies : studies.filter((_, i) => i % 3 === k % 3) });
      known = await truth(query);
      const run = runChild(file, k % 2 === 0 ? query : { ...query, mode: "full" });
      await run.opened;
      const timer = setTimeout(() => run.kill(), Math.round(at * runMs));
      const ended = await run.ended;
      clearTimeout(timer);
      outcomes.push(ended.signal ?? `exit ${ended.code}`);
      if (ended.signal === null) expect(ended.stderr).toBe("");
      const logLeft = existsSync(`${file}.wal`);
      expect({ at, logLeft, problems: await problemsOf(file, known, ended.signal === null) }).toEqual({ at, logLeft, problems: [] });
    }
    // the kills landed inside the runs, not after them
    expect(outcomes.filter((outcome) => outcome === "SIGKILL").length).toBeGreaterThanOrEqual(KILL_AT.length - 1);

    const last = runChild(file, query);
    expect((await last.ended).stderr).toBe("");
    expect(await problemsOf(file, known, true)).toEqual([]);
  }, 240_000);
});
