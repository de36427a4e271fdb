/** Faults injected per request, for the client's tests and benchmarks. */
import type { PageFaultKind } from "./pageFaults";

export type FaultKind =
  | "status"
  | "hang"
  | "malformed"
  | "rateLimit"
  | "reset"
  | "trickle"
  | "cutOff"
  | "mislabelled"
  | "echoHeaders"
  | "rateHeaders"
  | "nullRecord"
  | "revised"
  | "deepRecord"
  | PageFaultKind;

export interface FaultRule {
  /** kebab resource name (the first path segment after the base); any when omitted */
  resource?: string;
  /** the request's `page` parameter (1 when absent); any when omitted */
  page?: number | number[];
  kind: FaultKind;
  /** kind "status": the status to answer, default 503; kind "echoHeaders": default 400 */
  status?: number;
  /** kind "status": the raw body to send (default a JSON message); lets a test send HTML */
  body?: string;
  /** kind "hang": answer normally after this many ms; omitted = never answer (until close()).
   *  kind "trickle": the pause between two pieces of the body, default 250 */
  ms?: number;
  /** kind "trickle": bytes per piece, default 1. kind "cutOff": body bytes sent before the
   *  connection drops, default half the body */
  bytes?: number;
  /** kind "rateLimit": Retry-After seconds, default 1 */
  retryAfter?: number;
  /** kinds "recordsInserted", "recordsDeleted": how many records, default 1 (pageFaults.ts) */
  count?: number;
  /** kind "lastPage": the meta.last_page to say */
  lastPage?: number;
  /** kind "mislabelled": the Content-Encoding said of the plain body, default "br" (a proxy that
   *  decompressed the answer and kept the header) */
  coding?: string;
  /** kind "rateHeaders": the normal answer with these headers set or replaced (e.g. a blank
   *  `X-RateLimit-Remaining`), as a proxy in front of the service may send them */
  headers?: Record<string, string>;
  /** kinds "nullRecord", "deepRecord": the position in `data` of the record spoiled, default 0 */
  index?: number;
  /** kind "revised": the field every record of the page has, with `value`, as after the data were
   *  revised (a study re-released); a field the records did not have is added to them.
   *  kind "deepRecord": the field that holds the nested objects, default "nested" */
  field?: string;
  /** kind "revised": the field's new value (any JSON value) */
  value?: unknown;
  /** kind "deepRecord": how many objects deep the field nests (`{"a":{"a":...}}`), default 10,000 */
  depth?: number;
  /** only the first N matching requests; omitted = every matching request */
  times?: number;
}

/** Faults that spoil the body of the normal answer rather than replace the answer. */
export const BODY_FAULTS: ReadonlySet<FaultKind> = new Set<FaultKind>([
  "malformed",
  "trickle",
  "cutOff",
  "mislabelled",
  "nullRecord",
  "revised",
  "deepRecord",
]);

export class FaultBook {
  private rules: Array<{ rule: FaultRule; remaining: number }> = [];

  constructor(rules: readonly FaultRule[] = []) {
    this.set(rules);
  }

  set(rules: readonly FaultRule[]): void {
    this.rules = rules.map((rule) => ({ rule: { ...rule }, remaining: rule.times ?? Infinity }));
  }

  /** The first rule with uses left that matches, counting this use. */
  take(resource: string, page: number): FaultRule | null {
    for (const entry of this.rules) {
      const { rule } = entry;
      if (entry.remaining <= 0) continue;
      if (rule.resource !== undefined && rule.resource !== resource) continue;
      if (rule.page !== undefined && !(Array.isArray(rule.page) ? rule.page.includes(page) : rule.page === page)) continue;
      entry.remaining--;
      return rule;
    }
    return null;
  }
}
