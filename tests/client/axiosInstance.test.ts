import axios from "axios";
import { Client } from "../../src/client/client";
import { TOKEN, pagesRequested, useEmulator } from "./fixture";

const env = useEmulator();

test("a caller's authenticated axios instance is used as is, with the retry policy per request", async () => {
  const instance = axios.create({ baseURL: env.emulator.url, headers: { Authorization: `Bearer ${TOKEN}`, Accept: "application/json" } });
  const interceptorsBefore = JSON.stringify(instance.defaults.headers);
  env.emulator.setFaults([{ resource: "regions", page: 1, kind: "status", status: 503, times: 1 }]);
  const client = new Client({ client: instance, verbose: false, retryBaseDelayMs: 5 });
  const records = await client.rawQuery("regions");
  await client.aclose();
  expect(records.length).toBeGreaterThan(0);
  expect(pagesRequested(env.emulator, "regions")).toEqual([1, 1]);
  expect(JSON.stringify(instance.defaults.headers)).toBe(interceptorsBefore);

  // the caller's own requests are not retried by us
  env.emulator.setFaults([{ resource: "regions", kind: "status", status: 503, times: 1 }]);
  await expect(instance.get("regions")).rejects.toThrow(/503/);
  await expect(instance.get("regions")).resolves.toMatchObject({ status: 200 });
});

test("the User-Agent is the library's by default, or the caller's", async () => {
  const seen: string[] = [];
  const http = await import("node:http");
  const server = http.createServer((request, response) => {
    seen.push(
      String(request.headers["user-agent"]) +
        "|" +
        String(request.headers.accept) +
        "|" +
        String(request.headers.authorization === `Bearer ${TOKEN}`),
    );
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ data: [{ id: 1 }], meta: { total: 1, last_page: 1 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v2`;
  try {
    for (const userAgent of [undefined, "my-notebook/1.0"]) {
      const client = new Client(TOKEN, { baseUrl: url, verbose: false, userAgent });
      await client.rawQuery("brands");
      await client.aclose();
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  expect(seen).toEqual([expect.stringMatching(/^fountframe\/[\w.-]+\|application\/json\|true$/), "my-notebook/1.0|application/json|true"]);
});
