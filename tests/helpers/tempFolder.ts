import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A temporary folder for the tests of one file (`name`: its prefix): made when the file is read, removed after its tests. */
export function tempFolder(name: string): string {
  const path = mkdtempSync(join(tmpdir(), name));
  afterAll(() => rmSync(path, { recursive: true, force: true }));
  return path;
}
