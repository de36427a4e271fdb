// After tsup: a name an entry exports as a type alone (`export type { DataFrame } from "danfojs-node"`,
// `export type { ToolsClient }`) loses `type` in the bundled declarations, which then offer a value
// the built JavaScript does not have (`new DataFrame()` type-checks and fails at run time). Marks
// each such name `type` again in dist/<entry>.d.ts and .d.mts, read from the entry's source.
import { readFileSync, writeFileSync } from "node:fs";
import ts from "typescript";

const ROOT = new URL("../", import.meta.url).pathname;
const ENTRIES = { index: "src/index.ts", emulator: "src/emulator/index.ts", store: "src/store/index.ts", danfo: "src/danfo/index.ts" };

const parse = (path, text) => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);

/** Each named export of a file: its specifier node and whether `type` marks it. */
function* namedExports(file) {
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
    for (const element of statement.exportClause.elements) yield { element, typeOnly: statement.isTypeOnly || element.isTypeOnly };
  }
}

for (const [entry, source] of Object.entries(ENTRIES)) {
  const sourcePath = ROOT + source;
  const typesOnly = new Set(
    [...namedExports(parse(sourcePath, readFileSync(sourcePath, "utf8")))]
      .filter((named) => named.typeOnly)
      .map((named) => named.element.name.text),
  );
  for (const extension of [".d.ts", ".d.mts"]) {
    const path = `${ROOT}dist/${entry}${extension}`;
    const text = readFileSync(path, "utf8");
    const starts = [...namedExports(parse(path, text))]
      .filter((named) => !named.typeOnly && typesOnly.has(named.element.name.text))
      .map((named) => named.element.getStart())
      .sort((a, b) => b - a);
    writeFileSync(
      path,
      starts.reduce((marked, start) => `${marked.slice(0, start)}type ${marked.slice(start)}`, text),
    );
  }
}
