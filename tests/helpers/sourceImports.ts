import { readdirSync, readFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import ts from "typescript";

export const SRC = resolve(__dirname, "../../src");
const COMPILER_OPTIONS: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Each file of src/ → the files of src/ it imports: every kind counts, `import type` and `import()` included. */
export function fileImports(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, COMPILER_OPTIONS, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && target.startsWith(SRC + sep));
    graph.set(file, targets);
  }
  return graph;
}
