import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "../../../src/client/client";
import { openStore, type Store } from "../../../src/store";

type Page = Record<string, unknown>[];

export interface PagedService {
  readonly url: string;
  /** the pages to answer with; `meta: false` answers `{ data }` alone, as a service that dropped the envelope's meta */
  serve(pages: Page[], options?: { meta?: boolean }): void;
  close(): Promise<void>;
}

/** A service of one resource whose pages the test sets: the envelope WIRE.md describes, every page `per_page` records. */
export async function pagedService(): Promise<PagedService> {
  let pages: Page[] = [[]];
  let withMeta = true;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, "http://service");
    const page = Number(url.searchParams.get("page") ?? 1);
    const perPage = pages[0].length;
    const total = pages.reduce((rows, records) => rows + records.length, 0);
    const path = `http://${request.headers.host}${url.pathname}`;
    const body = {
      data: pages[page - 1] ?? [],
      links: {
        first: `${path}?page=1`,
        last: `${path}?page=${pages.length}`,
        prev: null,
        next: page < pages.length ? `${path}?page=${page + 1}` : null,
      },
      meta: {
        current_page: page,
        from: (page - 1) * perPage + 1,
        last_page: pages.length,
        path,
        per_page: perPage,
        to: Math.min(total, page * perPage),
        total,
      },
    };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(withMeta ? body : { data: body.data }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/`,
    serve: (next, options) => {
      pages = next;
      withMeta = options?.meta ?? true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A paged service, a client of it and a store file of the test's own, made before its tests and closed after. */
export function usePagedStore(file: string, perPage: number): { service: PagedService; client: Client; store: Store } {
  const held = {} as { service: PagedService; client: Client; store: Store };
  beforeAll(async () => {
    held.service = await pagedService();
    held.client = new Client("paged-token", { baseUrl: held.service.url, perPage, verbose: false });
    held.store = await openStore(file);
  });
  afterAll(async () => {
    await held.store.close();
    await held.client.aclose();
    await held.service.close();
  });
  return held;
}
