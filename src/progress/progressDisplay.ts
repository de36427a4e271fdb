import { MultiBar, Presets, type SingleBar } from "cli-progress";
import { notebookDisplay, type MimeBundle } from "../display/notebookDisplay";

export interface ProgressHandle {
  setTotal(pages: number): void;
  tick(rows: number): void;
  stop(): void;
}

const SILENT: ProgressHandle = { setTotal() {}, tick() {}, stop() {} };

/** Shortest time between two redraws of a notebook's progress line. */
const NOTEBOOK_REDRAW_MS = 200;

function pagesLine(label: string, done: number, total: number, rows: number): string {
  return `${label}: ${done}/${total} pages, ${rows} rows`;
}

function secondsSince(startedAt: number): string {
  return ((Date.now() - startedAt) / 1000).toFixed(1);
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
 * output, not stderr, which notebooks colour as an error); elsewhere (CI, pipes) it prints two
 * plain lines, half-way and done. Labels are resource names only, never anything from the
 * request's headers.
 */
/** Where progress goes: stderr, or any writable stream that says whether it is a terminal. */
export type ProgressStream = NodeJS.WritableStream & { readonly isTTY?: boolean };

export class ProgressDisplay {
  #multiBar: MultiBar | undefined;
  #active = 0;

  constructor(private readonly stream: ProgressStream = process.stderr) {}

  start(label: string, enabled: boolean): ProgressHandle {
    if (!enabled) return SILENT;
    const notebook = notebookDisplay();
    if (notebook) return this.#startNotebookLine(label, notebook.live());
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
    let halfwayShown = false;
    const halfway = (done: number, total: number) => {
      if (total <= 2 || halfwayShown || done < total / 2) return false;
      halfwayShown = true;
      return true;
    };
    return lineProgress(label, (line) => this.stream.write(`${line}\n`), halfway);
  }

  #startNotebookLine(label: string, redraw: (bundle: MimeBundle) => void): ProgressHandle {
    let drawnAt = 0;
    const due = (_done: number, total: number) => {
      if (total <= 1 || Date.now() - drawnAt < NOTEBOOK_REDRAW_MS) return false;
      drawnAt = Date.now();
      return true;
    };
    return lineProgress(label, (line) => redraw({ "text/plain": line }), due);
  }
}

/** A pull reported as lines of text: `interim` says after which pages a line is due before the last. */
function lineProgress(label: string, write: (line: string) => void, interim: (done: number, total: number) => boolean): ProgressHandle {
  const startedAt = Date.now();
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
      if (total > 1) write(`${pagesLine(label, done, total, rows)} in ${secondsSince(startedAt)} s`);
      total = 0;
    },
  };
}
