/**
 * The shape of src/ as a graph of its modules (a top-level folder or file of src/ is one module):
 * imports of every kind count, `import type` and `import()` included, since a type that flows back
 * is a dependency that flows back. ESLint (import-x/no-cycle, no-restricted-paths) checks the same
 * per file; this reads the whole graph at once and says which path closes a cycle.
 */
import { join, relative, sep } from "node:path";
import { SRC, fileImports } from "../helpers/sourceImports";

const moduleOf = (file: string): string => relative(SRC, file).split(sep)[0].replace(/\.ts$/, "");
const inEmulator = (file: string): boolean => moduleOf(file) === "emulator";

/** A cycle in the module graph as the modules along it, or null. */
function findCycle(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] | null {
  const state = new Map<string, "visiting" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "visiting") return [...path.slice(path.indexOf(node)), node];
    state.set(node, "visiting");
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const graph = fileImports();

describe("the module graph of src/", () => {
  it("has no cycle between modules", () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (moduleOf(target) === moduleOf(file)) continue;
        if (!edges.has(moduleOf(file))) edges.set(moduleOf(file), new Set());
        edges.get(moduleOf(file))!.add(moduleOf(target));
      }
    }
    expect(edges.size).toBeGreaterThan(5); // the graph was read
    expect(findCycle(edges)).toBeNull();
  });

  it("keeps the emulator to itself: it imports nothing from the rest of src/", () => {
    const crossings = [...graph].flatMap(([file, targets]) =>
      inEmulator(file)
        ? targets.filter((target) => !inEmulator(target)).map((target) => `${relative(SRC, file)} → ${relative(SRC, target)}`)
        : [],
    );
    expect(crossings).toEqual([]);
  });

  it("loads no emulator file from the main entry, even through the way it reaches", () => {
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const target of graph.get(file) ?? []) visit(target);
    };
    visit(join(SRC, "index.ts"));
    expect(reached.size).toBeGreaterThan(20);
    expect([...reached].filter(inEmulator).map((file) => relative(SRC, file))).toEqual([]);
  });

  it("finds a cycle when there is one (the check can fail)", () => {
    const edges = new Map([
      ["client", new Set(["transport"])],
      ["transport", new Set(["errors", "client"])],
    ]);
    expect(findCycle(edges)).toEqual(["client", "transport", "client"]);
  });
});
