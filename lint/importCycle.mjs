// A file of src/ must not reach itself through its imports, type imports included: import-x/no-cycle
// skips `import type`, and a type that flows back is a dependency that flows back all the same.
// The graph is read once per process (TypeScript's own reading of imports and its module resolution);
// the file being linted is read from the text ESLint hands the rule.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import ts from "typescript";

const COMPILER_OPTIONS = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The files of `src` that `text` (the file `file`) imports, of every kind. */
function importsOf(file, text, src) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) => ts.resolveModuleName(fileName, file, COMPILER_OPTIONS, ts.sys).resolvedModule?.resolvedFileName)
    .filter((target) => target !== undefined && target.startsWith(src + sep));
}

const graphs = new Map();
function graphOf(src) {
  let graph = graphs.get(src);
  if (!graph) {
    graph = new Map(sourceFiles(src).map((file) => [file, importsOf(file, readFileSync(file, "utf8"), src)]));
    graphs.set(src, graph);
  }
  return graph;
}

/** The path from one of `starts` back to `file`, or undefined. */
function pathBack(file, starts, graph) {
  const cameFrom = new Map(starts.map((start) => [start, undefined]));
  const queue = [...starts];
  while (queue.length) {
    const at = queue.shift();
    if (at === file) {
      const path = [];
      for (let step = at; step !== undefined; step = cameFrom.get(step)) path.unshift(step);
      return path;
    }
    for (const next of graph.get(at) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, at);
      queue.push(next);
    }
  }
  return undefined;
}

export const importCycle = {
  meta: {
    type: "problem",
    docs: { description: "no import cycle between the files of src/, `import type` and `import()` types included" },
    schema: [{ type: "object", properties: { src: { type: "string" } }, additionalProperties: false }],
    messages: { cycle: "Import cycle (type imports count): {{path}}" },
  },
  create(context) {
    const src = resolve(context.cwd, context.options[0]?.src ?? "src");
    const file = resolve(context.cwd, context.filename);
    if (!file.startsWith(src + sep)) return {};
    return {
      Program(node) {
        const graph = graphOf(src);
        const path = pathBack(file, importsOf(file, context.sourceCode.text, src), graph);
        if (path)
          context.report({ node, messageId: "cycle", data: { path: [file, ...path].map((step) => relative(src, step)).join(" → ") } });
      },
    };
  },
};

export default { rules: { "import-cycle": importCycle } };
