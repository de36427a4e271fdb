import { APIError } from "../errors";
import type { JsonRecord } from "../frame";

export interface Envelope {
  records: JsonRecord[];
  total?: number;
  lastPage?: number;
}

/** A Laravel paginator `{ data: [...], meta }` or an item `{ data: {...} }`. */
export function readEnvelope(body: unknown, endpoint: string): Envelope {
  const data = (body as { data?: unknown } | null)?.data;
  if (Array.isArray(data)) {
    const meta = (body as { meta?: { total?: unknown; last_page?: unknown } }).meta;
    const total = Number(meta?.total);
    const lastPage = Number(meta?.last_page);
    return {
      records: data as JsonRecord[],
      total: Number.isFinite(total) ? total : undefined,
      lastPage: Number.isFinite(lastPage) ? lastPage : undefined,
    };
  }
  if (data && typeof data === "object") return { records: [data as JsonRecord], total: 1, lastPage: 1 };
  throw new APIError({ status: 200, url: endpoint, message: "the response had no `data` member" });
}
