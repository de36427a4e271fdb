import http from "node:http";
import type { AddressInfo } from "node:net";

type Row = Record<string, unknown>;

export interface ShiftingService {
  readonly url: string;
  /** the resource's records (any order: pages give them by id, or by the `sort` asked) */
  records: Row[];
  /** a change to the records made once, right after page `page` of a pull is answered */
  afterPage(page: number, change: (records: Row[]) => Row[]): void;
  /** a status every item request is answered with (a failing service), instead of its record or 404 */
  itemStatus: number | undefined;
  /** a body every item request is answered with, status 200 (an odd service), instead of its record or 404 */
  itemBody: unknown;
  /** the path and query of each request, in order */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Records ordered by `sort` (one field, `-` first for descending; ties and the default by id). */
function ordered(records: readonly Row[], sort: string | null): Row[] {
  const field = sort?.replace(/^-/, "") || "id";
  const direction = sort?.startsWith("-") ? -1 : 1;
  const byId = (a: Row, b: Row) => Number(a.id) - Number(b.id);
  return [...records].sort((a, b) => {
    const [x, y] = [a[field], b[field]] as [string | number, string | number];
    return x < y ? -direction : x > y ? direction : byId(a, b);
  });
}

/**
 * A resource of records that can change between two pages of a pull, as a live service's do: pages
 * in WIRE.md's envelope (every page `per_page` records, meta.total the records as they stand), and
 * each record by its item route (`<resource>/<id>`, 404 once it is gone).
 */
export async function shiftingService(): Promise<ShiftingService> {
  const requests: string[] = [];
  let pending: { page: number; change: (records: Row[]) => Row[] } | undefined;
  const service = {
    records: [] as Row[],
    itemStatus: undefined as number | undefined,
    itemBody: undefined as unknown,
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, "http://service");
    requests.push(`${url.pathname}${url.search}`);
    const [, item] = url.pathname.replace(/^\/api\/v2\//, "").split("/");
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (item !== undefined && service.itemStatus !== undefined) send(service.itemStatus, { message: "Server Error" });
    else if (item !== undefined && service.itemBody !== undefined) send(200, service.itemBody);
    else if (item !== undefined) {
      const record = service.records.find((row) => String(row.id) === item);
      send(record ? 200 : 404, record ? { data: record } : { message: "No query results for model." });
    }
    if (item !== undefined) return;
    const page = Number(url.searchParams.get("page") ?? 1);
    const perPage = Number(url.searchParams.get("per_page") ?? 25);
    const all = ordered(service.records, url.searchParams.get("sort"));
    const total = all.length;
    send(200, {
      data: all.slice((page - 1) * perPage, page * perPage),
      links: {},
      meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
    });
    if (pending?.page === page) {
      service.records = pending.change(service.records);
      pending = undefined;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/`,
    get records() {
      return service.records;
    },
    set records(next: Row[]) {
      service.records = next;
    },
    get itemStatus() {
      return service.itemStatus;
    },
    set itemStatus(status: number | undefined) {
      service.itemStatus = status;
    },
    get itemBody() {
      return service.itemBody;
    },
    set itemBody(body: unknown) {
      service.itemBody = body;
    },
    afterPage: (page, change) => {
      pending = { page, change };
    },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
