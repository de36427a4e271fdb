// The rooms of src/ (its folders, and the files at its top) and the rooms each imports, type imports
// included: the graph docs/architecture.md draws (tests/unit/architectureDoc.test.ts holds them equal).
// Usage: node scripts/room-graph.mjs
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const SRC = resolve(fileURLToPath(import.meta.url), "../../src");
const COMPILER_OPTIONS = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
const roomOf = (file) => relative(SRC, file).split(sep)[0].replace(/\.ts$/, "");
const rooms = new Map();
for (const file of files(SRC)) {
  const room = roomOf(file);
  const imports = rooms.get(room) ?? new Set();
  rooms.set(room, imports);
  for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
    const target = ts.resolveModuleName(fileName, file, COMPILER_OPTIONS, ts.sys).resolvedModule?.resolvedFileName;
    if (target?.startsWith(SRC + sep) && roomOf(target) !== room) imports.add(roomOf(target));
  }
}
for (const [room, imports] of [...rooms].sort()) console.log(`${room.padEnd(13)}${[...imports].sort().join(" ") || "—"}`);
