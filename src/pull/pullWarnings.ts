import { documentedRoute } from "../rows/rowShape";
import { DOCUMENTED } from "../endpoints/documented";
import type { JsonRecord, RowShape } from "../table/types";
import { clashesOfRecords } from "../table/pageChunk";
import { FIELD_CLASH_WARNING, FieldClashes } from "../table/fieldClashes";
import { nearName } from "../text/closestName";
import { metricColumns } from "../rows/scoreColumnMap";
import { INCONSISTENT_PAGES_ADVICE, INCONSISTENT_PAGES_WARNING, type PageChecker } from "./pageChecks";
import type { PageBody, PageFailure } from "./envelope";

export const UNMATCHED_METRIC_KEYS_WARNING = "FOUNTFRAME_UNMATCHED_METRIC_KEYS";

/**
 * The warnings about a query itself (metric keys that match no column, fields neither documented nor
 * received) that a run of many pulls of one query gives once: a sync pulls its query a few studies
 * at a time, and each pull's first page would say the same again.
 */
export class QueryWarnings {
  readonly #given = new Set<string>();

  /** Whether this warning (its code, endpoint and what it names) is new to the run; from now on it is given. */
  isNew(code: string, endpoint: string, names: readonly string[]): boolean {
    const key = JSON.stringify([code, endpoint, ...names]);
    if (this.#given.has(key)) return false;
    this.#given.add(key);
    return true;
  }
}

/** A metric key's columns: the key itself and its suffixed forms (`differentiation_rank`, ...). */
const matches = (key: string, column: string): boolean => column === key || column.startsWith(`${key}_`);

/**
 * The metric keys that matched no column of the first page. The service answers an unknown key
 * with no metric columns at all, not an error, so a typo (`brand_strenght`) would pass unseen.
 */
export function unmatchedMetricKeys(metricKeys: readonly string[] | undefined, records: readonly JsonRecord[]): string[] {
  if (!metricKeys?.length || !records.length) return [];
  const columns = new Set<string>();
  for (const record of records.slice(0, 10)) for (const key in record) columns.add(key);
  return metricKeys.filter((key) => ![...columns].some((column) => matches(key, column)));
}

/** The metric keys the service's brand-metrics records name: each record's column stem (`brand_strength`). */
export function metricKeysOf(brandMetrics: readonly JsonRecord[]): string[] {
  return [...new Set(brandMetrics.flatMap((record) => metricColumns(record)?.map((score) => score.metric) ?? []))];
}

/**
 * One warning naming the metric keys that matched nothing (unless there are none, or the run gave it
 * already: `given`), each with the closest key the service knows (`known`: brand-metrics asked for
 * beside the pull, only then; without an answer, no hint). Settles once the warning is given.
 */
export function warnUnmatchedMetricKeys(
  endpoint: string,
  unmatched: readonly string[],
  known: () => Promise<readonly string[]>,
  given?: QueryWarnings,
): Promise<void> | undefined {
  if (unmatched.length === 0 || (given && !given.isNew(UNMATCHED_METRIC_KEYS_WARNING, endpoint, unmatched))) return undefined;
  return warnWithHints(endpoint, unmatched, known());
}

async function warnWithHints(endpoint: string, unmatched: readonly string[], known: Promise<readonly string[]>): Promise<void> {
  const keys = await known.catch((): readonly string[] => []);
  const named = unmatched.map((key) => {
    const near = nearName(key, keys);
    if (near === key) return `${JSON.stringify(key)} (a key the service knows: are its columns left out by \`fields\`?)`;
    return near ? `${JSON.stringify(key)} (did you mean ${near}?)` : JSON.stringify(key);
  });
  process.emitWarning(
    `${endpoint}: metricKeys ${named.join(", ")} matched no column; the result has no columns for ${unmatched.length === 1 ? "it" : "them"}. Check the spelling against client.brandMetrics().`,
    { code: UNMATCHED_METRIC_KEYS_WARNING },
  );
}

export const UNKNOWN_FIELD_WARNING = "FOUNTFRAME_UNKNOWN_FIELD";

/**
 * The names `fields` asked for that are neither a documented field or include of the endpoint's
 * records nor a key of any page's records, each with the closest of those, told once the pull has
 * seen every page. The service leaves a name it does not know out of its answer without a word
 * (`fields: ["nmae"]` gives the other columns), and brandscape data documents no field table: there
 * its metric columns are known from the records received (`differentiation_c`). A field may first
 * come on a later page (a nested object the first records lack): only the pages seen tell.
 */
export class UnknownFields {
  readonly #known: Set<string>;
  /** asked names not known so far */
  #unseen: string[];

  constructor(
    private readonly endpoint: string,
    fields: readonly string[] | undefined,
    firstRecords: readonly JsonRecord[],
  ) {
    const route = documentedRoute(endpoint);
    const documented = route ? DOCUMENTED[route] : undefined;
    this.#known = new Set<string>(["id", ...Object.keys(documented?.columns ?? {}), ...(documented?.includes ?? [])]);
    for (const record of firstRecords) for (const key in record) this.#known.add(key);
    this.#unseen = (fields ?? []).filter((name) => !this.#known.has(name));
  }

  /** A later page's columns (flattened: a field's nested keys are `field_key`) or records. */
  see(body: PageBody): void {
    if (this.#unseen.length === 0) return;
    const names = body.kind === "columns" ? body.chunk.names : body.records.flatMap((record) => Object.keys(record));
    this.#unseen = this.#unseen.filter((field) => !names.some((name) => name === field || name.startsWith(`${field}_`)));
  }

  /** One warning naming the fields no page brought (unless the run gave it already: `given`); whether there was one. */
  warn(given?: QueryWarnings): boolean {
    if (!this.#unseen.length) return false;
    const names = this.#unseen;
    if (given && !given.isNew(UNKNOWN_FIELD_WARNING, this.endpoint, names)) return true;
    const known = [...this.#known];
    const named = names.map((name) => {
      const near = nearName(name, known);
      return near ? `${JSON.stringify(name)}: did you mean ${near}?` : JSON.stringify(name);
    });
    process.emitWarning(
      `${this.endpoint}: ${names.length === 1 ? "a field" : "fields"} neither documented nor in the records received, so left out of the result: ${named.join("; ")}`,
      { code: UNKNOWN_FIELD_WARNING },
    );
    return true;
  }
}

/** The field clashes of a pull's pages (table/fieldClashes.ts): a page's columns' counts, or its records'. */
export class PageFieldClashes {
  readonly #clashes = new FieldClashes();

  constructor(
    private readonly endpoint: string,
    private readonly shape: RowShape,
  ) {}

  /** A page once its consumer took it (whose gathering of its records counted them already). */
  see(body: PageBody): void {
    this.#clashes.add(body.kind === "columns" ? body.chunk.clashes : clashesOfRecords(body.records, this.shape));
  }

  /** The warning (unless the run gave it already: `given`); whether there was one. */
  warn(given?: QueryWarnings): boolean {
    return this.#clashes.warn(this.endpoint, given && ((names) => given.isNew(FIELD_CLASH_WARNING, this.endpoint, names)));
  }
}

export const PARTIAL_RESULT_WARNING = "FOUNTFRAME_PARTIAL_RESULT";

/**
 * The one warning at the end of a pull (onErrors "warn"): pages skipped after their retries
 * (PARTIAL_RESULT), pages that disagree with each other (INCONSISTENT_PAGES), or, when both
 * happened, one PARTIAL_RESULT warning that names both.
 */
export function warnPullEnd(
  endpoint: string,
  failures: readonly PageFailure[],
  pagesInPull: number,
  checker: PageChecker | undefined,
): void {
  const disagreements = checker?.finish(failures.length) ?? [];
  const disagree = `the pages of this pull disagree, so the result may be wrong: ${disagreements.join("; ")}`;
  if (!failures.length) {
    if (disagreements.length)
      process.emitWarning(`${endpoint}: ${disagree}`, { code: INCONSISTENT_PAGES_WARNING, detail: INCONSISTENT_PAGES_ADVICE });
    return;
  }
  const pages = [...failures].sort((a, b) => a.page - b.page);
  const details = pages.map(({ page, error }) => `page ${page} (${error.message})`).join("; ");
  const skipped = `${endpoint}: ${failures.length} of ${pagesInPull} pages failed after retries and were skipped: ${details}`;
  const failed = `failed pages: ${pages.map((failure) => failure.page).join(", ")}`;
  process.emitWarning(disagreements.length ? `${skipped}; and ${disagree}` : skipped, {
    code: PARTIAL_RESULT_WARNING,
    detail: disagreements.length ? `${failed}. ${INCONSISTENT_PAGES_ADVICE}` : failed,
  });
}
