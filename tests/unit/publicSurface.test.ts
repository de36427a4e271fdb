/**
 * The main entry's names, pinned: users may depend on whatever it exports, so adding or removing a
 * name is a decision made here, with API.md and the README, not a side effect of a refactor.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";
import * as entry from "../../src";

const VALUES = [
  "APIConnectionError",
  "APIError",
  "APITimeoutError",
  "AuthenticationError",
  "Client",
  "ClientClosedError",
  "DataNotFoundError",
  "ExportError",
  "FountError",
  "FrameBuilder",
  "InconsistentPagesError",
  "NotFoundError",
  "PermissionDeniedError",
  "Query",
  "RateLimitExceededError",
  "ServerError",
  "UnprocessableEntityError",
  "VERSION",
  "WARNING_CODES",
  "ValidationError",
  "ValueError",
  "audienceGroups",
  "audiences",
  "barChart",
  "brandMetricGroups",
  "brandMetrics",
  "brands",
  "brandscapeData",
  "categories",
  "cities",
  "collections",
  "columnValues",
  "longScores",
  "companies",
  "countries",
  "frameToRecords",
  "lineChart",
  "rawQuery",
  "recordsToFrame",
  "regions",
  "renderSvg",
  "scatterChart",
  "sectors",
  "show",
  "showChart",
  "showHtml",
  "studies",
  "styledTable",
  "writeCSV",
  "writeExcel",
  "writeJSON",
  "writeArrow",
  "writeNDJSON",
  "writeParquet",
  "years",
];

const TYPES = [
  "BarChartOptions",
  "ClientInit",
  "ClientOptions",
  "CsvOptions",
  "EndpointMethods",
  "EndpointOptions",
  "ColumnType",
  "ColumnarOptions",
  "ExcelOptions",
  "ExportOptions",
  "ExportSource",
  "ExportSummary",
  "ExportTarget",
  "FilterValue",
  "FiltersOf",
  "JsonOptions",
  "JsonRecord",
  "LineChartOptions",
  "MethodName",
  "OneOffOptions",
  "PageOf",
  "QueryInit",
  "QueryJSON",
  "RecordOf",
  "RecordOfEndpoint",
  "RecordPage",
  "ResourceName",
  "ScatterChartOptions",
  "ShapeOptions",
  "ShowChartOptions",
  "ShowOptions",
  "StyledTableOptions",
  "WireRecord",
  "NamedRecord",
  // the frames the methods return, and the documented records and names
  "DataFrame",
  "Series",
  "DocumentedRecord",
  "IncludeOf",
  // client.sync (openStore and the Store are fountframe/store's)
  "SyncOptions",
  "SyncReport",
  "WarningCode",
  // client.tools
  "ToolsClient",
  "ToolMethod",
  "ToolOptions",
  "ToolResult",
];

/** The names src/index.ts exports, read from its export declarations: [values, types]. */
function declaredExports(): [string[], string[]] {
  const path = resolve(__dirname, "../../src/index.ts");
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest);
  const values: string[] = [];
  const types: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const clause = statement.exportClause;
    if (!clause || !ts.isNamedExports(clause)) throw new Error("src/index.ts exports with `export *`: name each export");
    for (const element of clause.elements) {
      (statement.isTypeOnly || element.isTypeOnly ? types : values).push(element.name.text);
    }
  }
  return [values.sort(), types.sort()];
}

describe("the public surface of fountframe", () => {
  const [values, types] = declaredExports();

  it("exports exactly these values", () => {
    expect(values).toEqual([...VALUES].sort());
    expect(Object.keys(entry).sort()).toEqual([...VALUES].sort());
  });

  it("exports exactly these types", () => {
    expect(types).toEqual([...TYPES].sort());
  });

  it("is at most 100 names as TypeScript's checker counts them, each listed in docs/api-surface.md", () => {
    const path = resolve(__dirname, "../../src/index.ts");
    const program = ts.createProgram([path], { strict: true, skipLibCheck: true, esModuleInterop: true, noEmit: true });
    const module = program.getTypeChecker().getSymbolAtLocation(program.getSourceFile(path)!)!;
    const names = program
      .getTypeChecker()
      .getExportsOfModule(module)
      .map((symbol) => symbol.name);
    expect(names.sort()).toEqual([...VALUES, ...TYPES].sort());
    expect(names.length).toBeLessThanOrEqual(100);
    // a name in backticks, alone or with its type arguments: `Client`, `RecordOf<"brands">`
    const listed = new Set(
      [...readFileSync(resolve(__dirname, "../../docs/api-surface.md"), "utf8").matchAll(/`([A-Za-z_]+)[<`]/g)].map((match) => match[1]),
    );
    expect(names.filter((name) => !listed.has(name))).toEqual([]);
  });

  it("keeps its classes' names in the built package, as a notebook shows them (`Client {`, not `_Client {`)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const built = (name: string) => require(resolve(__dirname, "../../dist", name)) as Record<string, unknown>;
    const renamed = ["index.cjs", "store.cjs", "emulator.cjs"].flatMap((file) =>
      Object.entries(built(file))
        .filter(([, value]) => typeof value === "function" && /^class\b/.test(Function.prototype.toString.call(value)))
        .filter(([name, value]) => (value as { name: string }).name !== name)
        .map(([name, value]) => `${file}: ${name} is named ${(value as { name: string }).name}`),
    );
    expect(renamed).toEqual([]);
    expect(Object.keys(built("index.cjs"))).toContain("Client");
  });

  it("exports nothing of the emulator, which has its own entry point", () => {
    expect([...values, ...types].filter((name) => /emulator|fault/i.test(name))).toEqual([]);
  });
});
