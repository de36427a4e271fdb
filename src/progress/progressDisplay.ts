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

/**
 * One display per client: concurrent calls each get a line of one MultiBar on a TTY; in a tslab
 * notebook a pull of several pages is one output line that updates and ends as a summary (an
 * output, not stderr, which notebooks colour as an error); elsewhere (CI, pipes) it prints two
 * plain lines, half-way and done. Labels are resource names only, never anything from the
 * request's headers.
 */
export class ProgressDisplay {
  #multiBar: MultiBar | undefined;
  #active = 0;

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  start(label: string, enabled: boolean): ProgressHandle {
    if (!enabled) return SILENT;
    const notebook = notebookDisplay();
    if (notebook) return this.#startNotebookLine(label, notebook.live());
    return this.stream.isTTY ? this.#startBar(label) : this.#startLines(label);
  }

  #startNotebookLine(label: string, redraw: (bundle: MimeBundle) => void): ProgressHandle {
    const startedAt = Date.now();
    let total = 0;
    let done = 0;
    let rows = 0;
    let drawnAt = 0;
    const draw = (text: string) => redraw({ "text/plain": text });
    return {
      setTotal: (pages) => {
        total = pages;
      },
      tick: (pageRows) => {
        done += 1;
        rows += pageRows;
        if (total > 1 && done < total && Date.now() - drawnAt >= NOTEBOOK_REDRAW_MS) {
          drawnAt = Date.now();
          draw(pagesLine(label, done, total, rows));
        }
      },
      stop: () => {
        if (total > 1) draw(`${pagesLine(label, done, total, rows)} in ${secondsSince(startedAt)} s`);
        total = 0;
      },
    };
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
        if (this.#active === 0) {
          this.#multiBar?.stop();
          this.#multiBar = undefined;
        }
      },
    };
  }

  #startLines(label: string): ProgressHandle {
    const startedAt = Date.now();
    let total = 0;
    let done = 0;
    let rows = 0;
    let halfwayShown = false;
    return {
      setTotal: (pages) => {
        total = pages;
      },
      tick: (pageRows) => {
        done += 1;
        rows += pageRows;
        if (total > 2 && !halfwayShown && done >= total / 2 && done < total) {
          halfwayShown = true;
          this.stream.write(`${pagesLine(label, done, total, rows)}\n`);
        }
      },
      stop: () => {
        if (total > 1) this.stream.write(`${pagesLine(label, done, total, rows)} in ${secondsSince(startedAt)} s\n`);
        total = 0;
      },
    };
  }
}
