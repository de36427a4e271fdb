import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A display message as tslab's kernel takes it from `lastWriteDisplayData`. */
export interface DisplayMessage {
  data: Record<string, string>;
  metadata: object;
  transient: { display_id?: string };
}

/** tslab's kernel module as the stand-in exports it: the same one property the real `dist/jupyter.js` exports for display. */
interface KernelExports {
  lastWriteDisplayData: ((message: DisplayMessage, update: boolean) => void) | null;
}

export interface StandInKernel {
  /** what was written while a cell ran: each message, and whether it replaces an earlier output */
  readonly written: { message: DisplayMessage; update: boolean }[];
  /** The kernel starts executing a cell: it has a writer for the cell's outputs. */
  runCell(): void;
  /** Between cells: no writer (the real kernel's state before its first cell). */
  endCell(): void;
  /** Takes the kernel module out of the process again. */
  unload(): void;
}

/**
 * Loads a stand-in of tslab's kernel module (`tslab/dist/jupyter.js`) into this process's module
 * cache with Node's own require, as a running tslab kernel has it: the place fountframe looks.
 */
export function loadStandInKernel(): StandInKernel {
  const root = mkdtempSync(join(tmpdir(), "fountframe-kernel-"));
  const dist = join(root, "node_modules", "tslab", "dist");
  mkdirSync(dist, { recursive: true });
  const path = join(dist, "jupyter.js");
  writeFileSync(path, "exports.lastWriteDisplayData = null;\n");
  const nodeRequire = createRequire(__filename);
  const kernel = nodeRequire(path) as KernelExports;
  const written: { message: DisplayMessage; update: boolean }[] = [];
  return {
    written,
    runCell: () => {
      kernel.lastWriteDisplayData = (message, update) => void written.push({ message, update });
    },
    endCell: () => {
      kernel.lastWriteDisplayData = null;
    },
    unload: () => {
      delete nodeRequire.cache[path];
      rmSync(root, { recursive: true, force: true });
    },
  };
}
