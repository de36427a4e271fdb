/**
 * What the built declarations offer as values is what the built entries export at run time: a name
 * exported as a type alone in src/ (danfo's `DataFrame`, `ToolsClient`) stays a type in dist/*.d.ts,
 * so `new DataFrame()` from "fountframe" is a compile error, not a SyntaxError or undefined at run
 * time. Reads dist/, as `npm test` builds it.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";

const DIST = resolve(__dirname, "../../dist");
const ENTRIES = ["index", "store", "emulator", "danfo"];

/** The names a declaration file exports that type-check when used as values. */
function declaredValues(declarations: string): string[] {
  const options: ts.CompilerOptions = {
    noEmit: true,
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
  };
  const probe = join(DIST, `declared-values-probe-${process.pid}.ts`);
  const names = (() => {
    const program = ts.createProgram([declarations], options);
    const checker = program.getTypeChecker();
    const module = checker.getSymbolAtLocation(program.getSourceFile(declarations)!)!;
    return checker.getExportsOfModule(module).map((symbol) => symbol.name);
  })();
  const specifier = `./${declarations.slice(DIST.length + 1).replace(/\.d\.(m?)ts$/, ".$1js")}`;
  const lines = [`import * as entry from ${JSON.stringify(specifier)};`, ...names.map((name) => `entry.${name};`)];
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile;
  host.readFile = (file) => (file === probe ? lines.join("\n") : readFile(file));
  host.fileExists = (
    (exists) => (file: string) =>
      file === probe || exists(file)
  )(host.fileExists);
  const program = ts.createProgram([probe], options, host);
  const failing = new Set(
    ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file?.fileName === probe)
      .map((diagnostic) => diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line),
  );
  return names.filter((_, index) => !failing.has(index + 1)).sort();
}

/** The names dist/<entry>.cjs and dist/<entry>.mjs export, loaded by a plain Node: [CommonJS, ES]. */
function runtimeExports(entry: string): [string[], string[]] {
  const script = `
    const names = (entry) => Object.keys(entry).filter((name) => name !== "default").sort();
    import(${JSON.stringify(join(DIST, `${entry}.mjs`))}).then((esm) =>
      console.log(JSON.stringify([names(require(${JSON.stringify(join(DIST, `${entry}.cjs`))})), names(esm)])));`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as [string[], string[]];
}

describe.each(ENTRIES)("dist/%s's declarations", (entry) => {
  const built = existsSync(join(DIST, `${entry}.cjs`));
  (built ? it : it.skip)(
    "offer as values exactly what its CommonJS and ES modules export",
    () => {
      const [cjs, esm] = runtimeExports(entry);
      expect(esm).toEqual(cjs);
      expect(declaredValues(join(DIST, `${entry}.d.ts`))).toEqual(cjs);
      expect(declaredValues(join(DIST, `${entry}.d.mts`))).toEqual(esm);
    },
    60_000,
  );
});
