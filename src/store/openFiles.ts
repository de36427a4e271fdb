/**
 * The store files this process has open, by resolved path. Kept on globalThis under a registered
 * symbol: the CommonJS and ES module builds of fountframe/store are two copies of this module, and
 * two handles on one file (each with its own DuckDB instance) diverge and lose committed tables.
 */
const OPEN_FILES = Symbol.for("fountframe.store.openFiles");

function openFiles(): Set<string> {
  const holder = globalThis as { [OPEN_FILES]?: Set<string> };
  holder[OPEN_FILES] ??= new Set();
  return holder[OPEN_FILES];
}

/** Marks `file` open; false when it already is. */
export function claimFile(file: string): boolean {
  const files = openFiles();
  if (files.has(file)) return false;
  files.add(file);
  return true;
}

export function releaseFile(file: string): void {
  openFiles().delete(file);
}
