import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";

/** One output in several forms, MIME type → content: each viewer shows the richest form it renders. */
export type MimeBundle = Readonly<Record<string, string>>;

/** Writing outputs to the notebook cell that is running. */
export interface NotebookDisplay {
  show(bundle: MimeBundle): void;
  /** An output that each call replaces in place (a progress line); the first call creates it. */
  live(): (bundle: MimeBundle) => void;
}

/** tslab's kernel module: the writer of the cell being executed (null between cells). */
interface TslabKernel {
  lastWriteDisplayData: ((message: object, update: boolean) => void) | null;
}

const TSLAB_KERNEL_MODULE = /[\\/]tslab[\\/]dist[\\/]jupyter\.js$/;

function kernelDisplay(kernel: TslabKernel): NotebookDisplay {
  const write = (bundle: MimeBundle, displayId: string | undefined, update: boolean) => {
    kernel.lastWriteDisplayData?.({ data: bundle, metadata: {}, transient: displayId ? { display_id: displayId } : {} }, update);
  };
  return {
    show: (bundle) => write(bundle, undefined, false),
    live: () => {
      const displayId = randomBytes(8).toString("hex");
      let shown = false;
      return (bundle) => {
        write(bundle, displayId, shown);
        shown = true;
      };
    },
  };
}

/**
 * The display of the tslab kernel this process is, else undefined. It looks for the kernel's own
 * loaded module instead of `require("tslab")`: the package may resolve a different tslab copy (or
 * none) than the one running the kernel, and only the running one can write to the notebook. It
 * writes display messages itself (tslab's public `display` sends one MIME type per output).
 */
export function notebookDisplay(): NotebookDisplay | undefined {
  const load = createRequire(join(process.cwd(), "fountframe-display.js"));
  for (const [path, loaded] of Object.entries(load.cache)) {
    if (!TSLAB_KERNEL_MODULE.test(path)) continue;
    const kernel = loaded?.exports as Partial<TslabKernel> | undefined;
    if (typeof kernel?.lastWriteDisplayData !== "function") continue; // tslab loaded but not executing a cell
    return kernelDisplay(kernel as TslabKernel);
  }
  return undefined;
}
