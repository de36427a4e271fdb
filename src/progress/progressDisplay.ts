import { MultiBar, Presets, type SingleBar } from "cli-progress";

export interface ProgressHandle {
  setTotal(pages: number): void;
  tick(rows: number): void;
  stop(): void;
}

const SILENT: ProgressHandle = { setTotal() {}, tick() {}, stop() {} };

/** Shortest time between two redraws of a notebook's progress line. */
const NOTEBOOK_REDRAW_MS = 200;

/** Off a terminal, a plain line is due at each tenth of the pages, but never sooner than this after the last. */
export const PLAIN_LINE_EVERY_MS = 5000;
const PLAIN_LINE_STEPS = 10;

/** Milliseconds since the epoch: the real clock, or a test's. */
export type Now = () => number;

/**
 * Where a pull's progress goes in a notebook, asked when the pull starts: a line that each call
 * redraws in place, or undefined outside a notebook. The caller hands it in (the client, the
 * notebook display's): progress knows no notebook.
 */
export type NotebookLine = () => ((line: string) => void) | undefined;

function pagesLine(label: string, done: number, total: number, rows: number): string {
  return `${label}: ${done}/${total} pages, ${rows} rows`;
}

/** Bars on a terminal now: each hides the cursor and turns line wrap off until it stops. */
const liveBars = new Set<MultiBar>();

/** Stops every bar, giving the terminal back its cursor and line wrap (a CLI interrupted by a signal). */
export function stopEveryProgressBar(): void {
  for (const bar of liveBars) bar.stop();
  liveBars.clear();
}

/**
 * One display per client: concurrent calls each get a line of one MultiBar on a TTY; in a tslab
 * notebook a pull of several pages is one output line that updates and ends as a summary (an
 * output, not stderr, which notebooks colour as an error); elsewhere (CI, pipes, a script's log) it
 * prints a plain line at each tenth of the pages but at most one every few seconds, whichever is
 * rarer, so a long pull is never silent and a short one is one summary line. Labels are resource names only, never anything from the
 * request's headers.
 */
/** Where progress goes: stderr, or any writable stream that says whether it is a terminal. */
export type ProgressStream = NodeJS.WritableStream & { readonly isTTY?: boolean };

export class ProgressDisplay {
  #multiBar: MultiBar | undefined;
  #active = 0;

  constructor(
    private readonly stream: ProgressStream = process.stderr,
    private readonly now: Now = Date.now,
    private readonly notebookLine: NotebookLine = () => undefined,
  ) {}

  start(label: string, enabled: boolean): ProgressHandle {
    if (!enabled) return SILENT;
    const notebook = this.notebookLine();
    if (notebook) return this.#startNotebookLine(label, notebook);
    return this.stream.isTTY ? this.#startBar(label) : this.#startLines(label);
  }

  #startBar(label: string): ProgressHandle {
    this.#multiBar ??= new MultiBar(
      {
        stream: this.stream,
        format: "{label} |{bar}| {value}/{total} pages | {rows} rows | {duration_formatted}",
        hideCursor: true,
        clearOnComplete: false,
        stopOnComplete: false,
        etaBuffer: 50,
      },
      Presets.shades_classic,
    );
    liveBars.add(this.#multiBar);
    const bar: SingleBar = this.#multiBar.create(1, 0, { label, rows: 0 });
    this.#active += 1;
    let rows = 0;
    let stopped = false;
    return {
      setTotal: (pages) => bar.setTotal(pages),
      tick: (pageRows) => {
        rows += pageRows;
        bar.increment(1, { rows });
      },
      stop: () => {
        if (stopped) return;
        stopped = true;
        bar.stop();
        this.#active -= 1;
        if (this.#active === 0 && this.#multiBar) {
          liveBars.delete(this.#multiBar);
          this.#multiBar.stop();
          this.#multiBar = undefined;
        }
      },
    };
  }

  #startLines(label: string): ProgressHandle {
    let writtenAt = this.now();
    let stepWritten = 0;
    const due = (done: number, total: number) => {
      const step = Math.floor((done * PLAIN_LINE_STEPS) / total);
      if (step <= stepWritten || this.now() - writtenAt < PLAIN_LINE_EVERY_MS) return false;
      writtenAt = this.now();
      stepWritten = step;
      return true;
    };
    return lineProgress(label, (line) => this.stream.write(`${line}\n`), due, this.now);
  }

  #startNotebookLine(label: string, redraw: (line: string) => void): ProgressHandle {
    let drawnAt = 0;
    const due = (_done: number, total: number) => {
      if (total <= 1 || this.now() - drawnAt < NOTEBOOK_REDRAW_MS) return false;
      drawnAt = this.now();
      return true;
    };
    return lineProgress(label, redraw, due, this.now);
  }
}

/** A pull reported as lines of text: `interim` says after which pages a line is due before the last. */
function lineProgress(
  label: string,
  write: (line: string) => void,
  interim: (done: number, total: number) => boolean,
  now: Now,
): ProgressHandle {
  const startedAt = now();
  let total = 0;
  let done = 0;
  let rows = 0;
  return {
    setTotal: (pages) => {
      total = pages;
    },
    tick: (pageRows) => {
      done += 1;
      rows += pageRows;
      if (done < total && interim(done, total)) write(pagesLine(label, done, total, rows));
    },
    stop: () => {
      if (total > 1) write(`${pagesLine(label, done, total, rows)} in ${((now() - startedAt) / 1000).toFixed(1)} s`);
      total = 0;
    },
  };
}
