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
  "PARTIAL_RESULT_WARNING",
  "INCONSISTENT_PAGES_WARNING",
  "InconsistentPagesError",
  "NotFoundError",
  "PermissionDeniedError",
  "UNMATCHED_METRIC_KEYS_WARNING",
  "SLOW_FILTER_WARNING",
  "UNKNOWN_FIELD_WARNING",
  "Query",
  "RateLimitExceededError",
  "UNKNOWN_FILTER_WARNING",
  "ServerError",
  "UnprocessableEntityError",
  "VERSION",
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
  "AudienceGroupsFilters",
  "AudienceGroupsOptions",
  "AudiencesFilters",
  "AudiencesOptions",
  "BarChartOptions",
  "BrandMetricGroupsFilters",
  "BrandMetricGroupsOptions",
  "BrandMetricsFilters",
  "BrandMetricsOptions",
  "BrandsFilters",
  "BrandsOptions",
  "BrandscapeDataFilters",
  "BrandscapeDataOptions",
  "CategoriesFilters",
  "CategoriesOptions",
  "ChartOptions",
  "CitiesFilters",
  "CitiesOptions",
  "ClientInit",
  "ClientOptions",
  "CollectionsFilters",
  "CollectionsOptions",
  "ColumnScale",
  "CompaniesFilters",
  "CompaniesOptions",
  "CountriesFilters",
  "CountriesOptions",
  "CsvOptions",
  "EndpointMethods",
  "EndpointOptions",
  "ColumnType",
  "ColumnarOptions",
  "ExcelOptions",
  "ExportFormat",
  "ExportOptions",
  "ExportSource",
  "ExportSummary",
  "ExportTarget",
  "FilterValue",
  "FiltersOf",
  "FrameLike",
  "JsonOptions",
  "JsonRecord",
  "LineChartOptions",
  "MethodName",
  "OnErrors",
  "OneOffOptions",
  "PageOf",
  "QueryInit",
  "QueryJSON",
  "RecordOf",
  "RecordOfEndpoint",
  "RecordPage",
  "RecordPageLike",
  "RecordsByMethod",
  "RegionsFilters",
  "RegionsOptions",
  "ResourceName",
  "ScatterChartOptions",
  "SectorsFilters",
  "SectorsOptions",
  "ShapeOptions",
  "ShowChartOptions",
  "ShowOptions",
  "StudiesFilters",
  "StudiesOptions",
  "StyledTableOptions",
  "YearsFilters",
  "YearsOptions",
  "WireRecord",
  "WireFlag",
  "NamedRecord",
  // the frames the methods return, and the documented records and names
  "DataFrame",
  "Series",
  "DocumentedRecord",
  "DocumentedRoute",
  "IncludeOf",
  "OptionsByMethod",
  "FiltersByMethod",
  // client.sync (openStore and the Store are fountframe/store's)
  "SyncOptions",
  "SyncReport",
  // client.tools
  "ToolsClient",
  "ToolMethod",
  "ToolSlug",
  "ToolId",
  "ToolValue",
  "ToolOptions",
  "ToolResult",
  "ToolMethods",
  "ArchetypesOptions",
  "BrandPersonalityMatchOptions",
  "BrandVulnerabilityMapOptions",
  "BrandWorthMapOptions",
  "CategoryWorthMapOptions",
  "CommitmentFunnelOptions",
  "CostOfEntryOptions",
  "LovePlusOptions",
  "PartnershipExchangeMapOptions",
  "SwotOptions",
  "ToplistMarketOptions",
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

  it("exports nothing of the emulator, which has its own entry point", () => {
    expect([...values, ...types].filter((name) => /emulator|fault/i.test(name))).toEqual([]);
  });
});
