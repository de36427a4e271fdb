import { withDefaultIncludes } from "../wire/defaultIncludes";
import { fieldsKey } from "../wire/resources";
import type { ParsedQuery } from "../query/parseQuery";
import type { SlimForms } from "../resources/slimForms";
import { META_COLUMNS, METRIC_COLUMNS, type MetaColumn, type MetricColumn } from "./columns";
import { compileMetricBlock, writeMetricBlock, type MetricBlock } from "./metricBlock";
import type { ByteSink } from "./byteSink";
import type { BrandscapeRows, RowFacts } from "./rows";

/** Which columns a query's rows carry: fields[brandscape_data], metric_keys, metric_group_keys. */
export interface ColumnPlan {
  readonly metaColumns: readonly MetaColumn[];
  readonly metricColumns: readonly MetricColumn[];
  readonly metricBlock: MetricBlock;
}

const plans = new Map<string, ColumnPlan>();

export function planColumns(query: ParsedQuery): ColumnPlan {
  const fields = query.fields.get(fieldsKey("brandscape-data"));
  const key = JSON.stringify([fields, query.metricKeys, query.metricGroupKeys]);
  let plan = plans.get(key);
  if (!plan) {
    plan = buildPlan(fields, query);
    if (plans.size > 500) plans.clear();
    plans.set(key, plan);
  }
  return plan;
}

function buildPlan(fields: readonly string[] | undefined, query: ParsedQuery): ColumnPlan {
  const { metricKeys, metricGroupKeys } = query;
  // both given: the named metrics and those of the named groups
  const metricWanted = (column: MetricColumn) =>
    (metricKeys === null && metricGroupKeys === null) ||
    (metricKeys?.includes(column.metricKey) ?? false) ||
    (metricGroupKeys?.includes(column.groupKey) ?? false);
  const metricColumns = METRIC_COLUMNS.filter((column) => metricWanted(column) && (!fields || fields.includes(column.name)));
  return {
    metaColumns: META_COLUMNS.filter((name) => !fields || fields.includes(name)),
    metricColumns,
    metricBlock: compileMetricBlock(metricColumns),
  };
}

/** The includes brandscape-data offers (its page, plus `audience`, the name bavapi sends) and where each comes from. */
const INCLUDE_SOURCES: Readonly<
  Record<string, readonly [target: string, id: (facts: RowFacts, sectorOf: (categoryId: number) => number) => number]>
> = {
  study: ["studies", (facts) => facts.studyId],
  year: ["years", (facts) => facts.yearId],
  country: ["countries", (facts) => facts.countryId],
  audience: ["audiences", (facts) => facts.audienceId],
  audiences: ["audiences", (facts) => facts.audienceId],
  brand: ["brands", (facts) => facts.brandId],
  category: ["categories", (facts) => facts.categoryId],
  sector: ["sectors", (facts, sectorOf) => sectorOf(facts.categoryId)],
  company: ["companies", (facts) => facts.companyId],
};

export const BRANDSCAPE_INCLUDES: readonly string[] = Object.keys(INCLUDE_SOURCES);

/** Writes rows as JSON bytes directly: 350 columns × 100 rows is the hot path of the emulator. */
/** One include of a query: the bytes around it and its objects' JSON, quoted once per id. */
interface IncludePlan {
  readonly name: string;
  readonly target: string;
  readonly idOf: (facts: RowFacts, sectorOf: (categoryId: number) => number) => number;
  readonly jsonById: Map<number, Uint8Array>;
}

export class RowWriter {
  /** keyed by include name */
  private readonly includePlans = new Map<string, IncludePlan>();
  private readonly sectorOf = (categoryId: number) => this.forms.related.sectorOfCategory(categoryId)!;

  constructor(
    private readonly rows: BrandscapeRows,
    private readonly forms: SlimForms,
  ) {}

  write(sink: ByteSink, rowIndex: number, plan: ColumnPlan, query: ParsedQuery): void {
    const { rows } = this;
    const facts = rows.locate(rowIndex);
    let head = "{";
    for (const name of plan.metaColumns) {
      head += `${head.length > 1 ? "," : ""}"${name}":${this.metaJson(facts, name)}`;
    }
    sink.text(head);
    writeMetricBlock(sink, plan.metricBlock, facts, head.length > 1);
    let separated = head.length > 1 || plan.metricColumns.length > 0;
    for (const name of withDefaultIncludes("brandscape-data", query.include)) {
      const include = this.includePlan(name);
      sink.text(`${separated ? "," : ""}"${name}":`);
      sink.bytes(this.includeJson(include, include.idOf(facts, this.sectorOf)));
      separated = true;
    }
    sink.text("}");
  }

  private metaJson(facts: RowFacts, name: MetaColumn): string {
    if (name === "brand_name") return this.rows.brandNameJson(facts);
    if (name === "category_name") return this.rows.categoryNameJson(facts);
    return String(this.rows.value(facts, name));
  }

  private includePlan(name: string): IncludePlan {
    let include = this.includePlans.get(name);
    if (!include) {
      const [target, idOf] = INCLUDE_SOURCES[name];
      include = { name, target, idOf, jsonById: new Map() };
      this.includePlans.set(name, include);
    }
    return include;
  }

  private includeJson(include: IncludePlan, id: number): Uint8Array {
    let json = include.jsonById.get(id);
    if (json === undefined) {
      json = Buffer.from(JSON.stringify(this.forms.slim(include.target, id)));
      include.jsonById.set(id, json);
    }
    return json;
  }
}
