import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy does to one JSON answer: the body as it came, changed in place or replaced (a ProxyAnswer: with its status too). */
export type Rewrite = (resource: string, params: URLSearchParams, body: Record<string, unknown>) => unknown;

/** An answer of another status than the emulator's, as a rewrite returns it. */
export class ProxyAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export interface RewritingProxy {
  readonly url: string;
  /** the rewrite of every later answer (none: answers pass as they came) */
  rewrite(next: Rewrite | undefined): void;
  close(): Promise<void>;
}

/**
 * A raw node:http server in front of the emulator: each request goes on to it with its own
 * Authorization, and its JSON answer comes back through `rewrite`, as a proxy or a service that
 * departs from WIRE.md's envelope would answer.
 */
export async function rewritingProxy(upstream: string): Promise<RewritingProxy> {
  let rewrite: Rewrite | undefined;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, "http://proxy");
    const path = url.pathname.replace(/^\/api\/v2\//, "");
    const headers = { accept: "application/json", authorization: String(request.headers.authorization ?? "") };
    fetch(`${upstream}${path}${url.search}`, { headers })
      .then(async (answer) => {
        const text = await answer.text();
        let body = text;
        let status = answer.status;
        if (answer.ok && rewrite) {
          const parsed = JSON.parse(text) as Record<string, unknown>;
          const rewritten = rewrite(path, url.searchParams, parsed) ?? parsed;
          if (rewritten instanceof ProxyAnswer) status = rewritten.status;
          body = JSON.stringify(rewritten instanceof ProxyAnswer ? rewritten.body : rewritten);
        }
        response.writeHead(status, { "content-type": "application/json" });
        response.end(body);
      })
      .catch((error: unknown) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ message: String(error) }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/`,
    rewrite: (next) => (rewrite = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
