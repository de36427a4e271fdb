import { randomBytes } from "node:crypto";
import { denoJupyterDisplay, type DenoDisplay } from "./denoKernel";
import { runningCellWriter, type WriteDisplayData } from "./tslabKernel";

/**
 * One output in several forms, MIME type → content: each viewer shows the richest form it renders.
 * Text forms are strings; a JSON form (a Vega-Lite spec) is the object itself, as Jupyter's
 * display_data carries it.
 */
export type MimeBundle = Readonly<Record<string, string | object>>;
/** A bundle of text forms only (a table: HTML and plain text). */
export type TextBundle = Readonly<Record<string, string>>;

/** The Jupyter kernel this process is, if any. */
export type KernelName = "tslab" | "deno";

/** Writing outputs to the notebook cell that is running. */
export interface NotebookDisplay {
  readonly kernel: KernelName;
  /** Resolves once the kernel has the output: Deno's display is asynchronous, and an output sent after its cell ended lands in the next one. */
  show(bundle: MimeBundle, metadata?: OutputMetadata): Promise<void>;
  /** An output that each call replaces in place (a progress line); the first call creates it. */
  live(): (bundle: MimeBundle) => void;
}

/** An output's metadata (Jupyter's display_data `metadata`): `fountframe.lastValue` marks a cell's last value shown by tslab. */
export type OutputMetadata = Readonly<Record<string, unknown>>;

/** Writes one output; with a display id, `update` replaces the earlier output of that id. */
type WriteOutput = (bundle: MimeBundle, displayId: string | undefined, update: boolean, metadata?: OutputMetadata) => Promise<void>;

function displayOf(kernel: KernelName, write: WriteOutput): NotebookDisplay {
  return {
    kernel,
    show: (bundle, metadata) => write(bundle, undefined, false, metadata),
    live: () => {
      const displayId = randomBytes(8).toString("hex");
      let shown = false;
      return (bundle) => {
        void write(bundle, displayId, shown);
        shown = true;
      };
    },
  };
}

function tslabOutput(writeDisplayData: WriteDisplayData): WriteOutput {
  return (bundle, displayId, update, metadata) => {
    writeDisplayData({ data: bundle, metadata: metadata ?? {}, transient: displayId ? { display_id: displayId } : {} }, update);
    return Promise.resolve();
  };
}

/**
 * How long an awaited output waits after Deno's display resolved (see denoOutput): at 20 ms a chart's
 * bundle (Vega-Lite spec, SVG, HTML) landed a cell late when the machine was busy (CI, and three
 * CPU-bound processes beside the notebooks); 100 ms held under four.
 */
const DENO_OUTPUT_SETTLE_MS = 100;

/**
 * Deno's display is asynchronous; a failure (a closed kernel) is reported, not thrown into the
 * caller's pull as an unhandled rejection.
 */
function denoOutput(display: DenoDisplay): WriteOutput {
  return (bundle, displayId, update) =>
    display(bundle, { raw: true, update, ...(displayId ? { display_id: displayId } : {}) })
      // the kernel sends the output from another task: a turn of the timers lets it leave before the cell ends
      .then(() => new Promise<void>((resolve) => setTimeout(resolve, DENO_OUTPUT_SETTLE_MS)))
      .catch((error: unknown) => console.warn(`fountframe: the notebook output could not be written: ${String(error)}`));
}

/**
 * The display of the notebook kernel this process is, in the cell it is running: tslab's, Deno's,
 * else undefined (a script, a test, a REPL). The one module that decides which kernel it runs in;
 * show, showChart and the progress line ask it.
 */
export function notebookDisplay(): NotebookDisplay | undefined {
  const tslab = runningCellWriter();
  if (tslab) return displayOf("tslab", tslabOutput(tslab));
  const deno = denoJupyterDisplay();
  if (deno) return displayOf("deno", denoOutput(deno));
  return undefined;
}

/** A progress line redrawn in place in the running cell (a plain-text output), or undefined outside a notebook. */
export function notebookProgressLine(): ((line: string) => void) | undefined {
  const redraw = notebookDisplay()?.live();
  return redraw && ((line) => redraw({ "text/plain": line }));
}
