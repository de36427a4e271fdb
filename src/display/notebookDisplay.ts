import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The part of tslab's `display` used here (declared locally so tslab stays an optional peer). */
export interface NotebookDisplay {
  html(html: string): void;
  svg(svg: string): void;
}

const TSLAB_KERNEL_MODULE = /[\\/]tslab[\\/]dist[\\/]jupyter\.js$/;

let override: NotebookDisplay | null | undefined;

/**
 * tslab's display when this process is a tslab kernel, else undefined. It looks for the kernel's
 * own loaded module instead of `require("tslab")`: the package may resolve a different tslab copy
 * (or none) than the one running the kernel, and only the running one can write to the notebook.
 */
export function notebookDisplay(): NotebookDisplay | undefined {
  if (override !== undefined) return override ?? undefined;
  const load = createRequire(join(process.cwd(), "fountframe-display.js"));
  for (const [path, loaded] of Object.entries(load.cache)) {
    if (!TSLAB_KERNEL_MODULE.test(path)) continue;
    const kernel = loaded?.exports as { lastWriteDisplayData?: unknown } | undefined;
    if (kernel?.lastWriteDisplayData == null) continue; // tslab loaded but not executing a cell
    try {
      return (load(join(dirname(path), "public.js")) as { display: NotebookDisplay }).display;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Tests only: force a display (or `null` for none); `undefined` restores detection. */
export function setNotebookDisplay(display: NotebookDisplay | null | undefined): void {
  override = display;
}
