import type { JsonRecord } from "../../frame";

/** One constant object in a generated module: which field labels the ids. */
export interface ConstantSet {
  exportName: string;
  /** the type of one id: `AudienceId` */
  typeName: string;
  label: (record: JsonRecord) => unknown;
  /** the doc comment of each constant, when not the label itself */
  describe?: (record: JsonRecord) => unknown;
  digitPrefix?: string;
}

/** One generated file: a resource and the constant objects made from its records. */
export interface ReferenceSet {
  file: string;
  resource: string;
  sets: ConstantSet[];
}

const byName = (exportName: string, typeName: string): ConstantSet => ({ exportName, typeName, label: (record) => record.name });

/** What `fountframe refs` generates: the small, stable lists whose ids filters take. */
export const REFERENCE_SETS: readonly ReferenceSet[] = [
  { file: "audiences", resource: "audiences", sets: [byName("Audiences", "AudienceId")] },
  { file: "audienceGroups", resource: "audience-groups", sets: [byName("AudienceGroups", "AudienceGroupId")] },
  { file: "brandMetrics", resource: "brand-metrics", sets: [byName("BrandMetrics", "BrandMetricId")] },
  { file: "brandMetricGroups", resource: "brand-metric-groups", sets: [byName("BrandMetricGroups", "BrandMetricGroupId")] },
  { file: "categories", resource: "categories", sets: [byName("Categories", "CategoryId")] },
  {
    file: "countries",
    resource: "countries",
    sets: [
      byName("Countries", "CountryId"),
      { exportName: "CountryCodes", typeName: "CountryCodeId", label: (record) => record.code, describe: (record) => record.name },
    ],
  },
  { file: "regions", resource: "regions", sets: [byName("Regions", "RegionId")] },
  { file: "sectors", resource: "sectors", sets: [byName("Sectors", "SectorId")] },
  {
    file: "years",
    resource: "years",
    sets: [{ exportName: "Years", typeName: "YearId", label: (record) => record.year, digitPrefix: "Y" }],
  },
];
