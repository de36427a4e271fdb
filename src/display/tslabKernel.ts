import { createRequire } from "node:module";
import { join } from "node:path";

/**
 * The one place that uses an internal of tslab (1.0.x): its kernel module `tslab/dist/jupyter.js`
 * holds the writer of the cell being executed in `lastWriteDisplayData` (null between cells).
 * tslab's public `display` writes through the same member, but one MIME type per output; a chart is
 * one output in three forms (SVG, HTML with the SVG inline, text), so the notebook keeps the form
 * each viewer renders. tests/display/tslabKernel.test.ts loads tslab's real module and fails if
 * the member or the message it takes changes shape.
 */

/** A display message as tslab's kernel sends it (Jupyter's display_data content). */
export interface DisplayMessage {
  data: Readonly<Record<string, string | object>>;
  metadata: object;
  transient: { display_id?: string };
}

/** Writes a display message to the running cell; `update` replaces the output of its display_id. */
export type WriteDisplayData = (message: DisplayMessage, update: boolean) => void;

/** The kernel module's file, and its member that holds the running cell's writer. */
export const TSLAB_KERNEL_MODULE = /[\\/]tslab[\\/]dist[\\/]jupyter\.js$/;
export const TSLAB_WRITER_MEMBER = "lastWriteDisplayData";

type TslabKernel = { [TSLAB_WRITER_MEMBER]?: WriteDisplayData | null };

/**
 * The writer of the cell tslab is executing in this process, else undefined (not a tslab kernel,
 * or between cells). It looks for the kernel's own loaded module instead of `require("tslab")`:
 * the package may resolve a different tslab copy (or none) than the one running the kernel, and
 * only the running one can write to the notebook. The writer is read at each call: it changes with
 * every cell.
 */
export function runningCellWriter(): WriteDisplayData | undefined {
  const load = createRequire(join(process.cwd(), "fountframe-display.js"));
  for (const [path, loaded] of Object.entries(load.cache)) {
    if (!TSLAB_KERNEL_MODULE.test(path)) continue;
    const kernel = loaded?.exports as TslabKernel | undefined;
    if (typeof kernel?.[TSLAB_WRITER_MEMBER] !== "function") continue; // tslab loaded but not executing a cell
    return (message, update) => kernel[TSLAB_WRITER_MEMBER]?.(message, update);
  }
  return undefined;
}
