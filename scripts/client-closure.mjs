// The files of src/ a reader of the client meets: every file src/client/client.ts imports, type
// imports included, and what those import, less the consumers on top (cli, export, display, tools)
// and the emulator. Usage: node scripts/client-closure.mjs [--list] [entry, default src/client/client.ts]
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../..");
const args = process.argv.slice(2);
const list = args.includes("--list");
const entry = resolve(root, args.find((arg) => !arg.startsWith("--")) ?? "src/client/client.ts");
const LEFT_OUT = ["cli", "export", "display", "tools", "emulator"].map((room) => join(root, "src", room) + "/");
// static imports and re-exports (`import type` and `export … from` included) and import("…") types
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

function resolveFile(from, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const seen = new Set();
const queue = [entry];
while (queue.length) {
  const file = queue.pop();
  if (seen.has(file) || LEFT_OUT.some((room) => file.startsWith(room))) continue;
  seen.add(file);
  for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
    const target = resolveFile(file, specifier);
    if (target) queue.push(target);
  }
}
const files = [...seen].map((file) => relative(root, file)).sort();
if (list) for (const file of files) console.log(file);
console.log(`${files.length} files in the import closure of ${relative(root, entry)} (without cli, export, display, tools, emulator)`);
