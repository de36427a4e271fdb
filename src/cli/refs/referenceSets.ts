import { ENDPOINT_BY_METHOD, type MethodName } from "../../endpoints/table";
import type { JsonRecord } from "../../table/types";

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
  /** the file's name: the method's (`brandMetricGroups.ts`) */
  file: MethodName;
  /** the method's resource, from the endpoint table */
  resource: string;
  sets: ConstantSet[];
}

/** A method's file, its resource read from the endpoint table. */
const fileOf = (method: MethodName, sets: ConstantSet[]): ReferenceSet => ({
  file: method,
  resource: ENDPOINT_BY_METHOD.get(method)!.resource,
  sets,
});

const byName = (exportName: string, typeName: string): ConstantSet => ({ exportName, typeName, label: (record) => record.name });

/** What `fountframe refs` generates: the small, stable lists whose ids filters take. */
export const REFERENCE_SETS: readonly ReferenceSet[] = [
  fileOf("audiences", [byName("Audiences", "AudienceId")]),
  fileOf("audienceGroups", [byName("AudienceGroups", "AudienceGroupId")]),
  fileOf("brandMetrics", [byName("BrandMetrics", "BrandMetricId")]),
  fileOf("brandMetricGroups", [byName("BrandMetricGroups", "BrandMetricGroupId")]),
  fileOf("categories", [byName("Categories", "CategoryId")]),
  fileOf("countries", [
    byName("Countries", "CountryId"),
    { exportName: "CountryCodes", typeName: "CountryCodeId", label: (record) => record.code, describe: (record) => record.name },
  ]),
  fileOf("regions", [byName("Regions", "RegionId")]),
  fileOf("sectors", [byName("Sectors", "SectorId")]),
  fileOf("years", [{ exportName: "Years", typeName: "YearId", label: (record) => record.year, digitPrefix: "Y" }]),
];
