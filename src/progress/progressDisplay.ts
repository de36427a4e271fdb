import { MultiBar, Presets, type SingleBar } from "cli-progress";

export interface ProgressHandle {
  setTotal(pages: number): void;
  tick(rows: number): void;
  stop(): void;
}

const SILENT: ProgressHandle = { setTotal() {}, tick() {}, stop() {} };

/**
 * One display per client: concurrent calls each get a line of one MultiBar on a TTY; off a TTY
 * (CI, notebooks, pipes) a pull of several pages prints two plain lines, half-way and done.
 * Labels are resource names only, never anything from the request's headers.
 */
export class ProgressDisplay {
  #multiBar: MultiBar | undefined;
  #active = 0;

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  start(label: string, enabled: boolean): ProgressHandle {
    if (!enabled) return SILENT;
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
          this.stream.write(`${label}: ${done}/${total} pages, ${rows} rows\n`);
        }
      },
      stop: () => {
        if (total > 1) {
          const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
          this.stream.write(`${label}: ${done}/${total} pages, ${rows} rows in ${seconds} s\n`);
        }
        total = 0;
      },
    };
  }
}
