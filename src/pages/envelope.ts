import { APIError } from "../errors";
import type { JsonRecord } from "../frame";
import { MALFORMED_BODY } from "../transport/retryPolicy";
import { notRecordsReason } from "./recordsCheck";

export interface Envelope {
  records: JsonRecord[];
  /** meta.total */
  total?: number;
  /** meta.last_page */
  lastPage?: number;
  /** meta.per_page: the page size the service used */
  perPage?: number;
}

/**
 * A Laravel paginator `{ data: [...], meta }` or an item `{ data: {...} }`. Anything else (no
 * `data`, records that are not objects) is a malformed answer: an APIError with code
 * ERR_MALFORMED_BODY, which a request retries like a body that does not parse.
 */
export function readEnvelope(body: unknown, endpoint: string): Envelope {
  const data = (body as { data?: unknown } | null)?.data;
  if (Array.isArray(data)) {
    const reason = notRecordsReason(data);
    if (reason) throw malformed(endpoint, reason);
    const meta = (body as { meta?: { total?: unknown; last_page?: unknown; per_page?: unknown } }).meta;
    return {
      records: data as JsonRecord[],
      total: count(meta?.total),
      lastPage: count(meta?.last_page),
      perPage: count(meta?.per_page),
    };
  }
  if (data && typeof data === "object") return { records: [data as JsonRecord], total: 1, lastPage: 1 };
  throw malformed(endpoint, "the response had no `data` member");
}

const malformed = (endpoint: string, message: string) => new APIError({ status: 200, url: endpoint, message, code: MALFORMED_BODY });

/** A whole number >= 0 from a meta field (numbers may arrive as numeric strings), else undefined. */
function count(value: unknown): number | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}
