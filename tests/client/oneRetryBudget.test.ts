/**
 * One retry policy for every kind of failure: a request is sent at most `retries + 1` times, whatever
 * mix of failures it meets (a status, a body that is not JSON, one that is not the answer, a reset).
 * Over real HTTP against the emulator, faults injected there.
 */
import { APIError } from "../../src/errors";
import { captureWarnings, pagesRequested, useEmulator } from "./fixture";
import type { FaultRule } from "../../src/emulator";

const env = useEmulator();

/** `kinds` in turn, one request each, for page `page` of brands. */
const alternating = (page: number, kinds: readonly Omit<FaultRule, "resource" | "page" | "times">[], requests: number): FaultRule[] =>
  Array.from({ length: requests }, (_, at) => ({ resource: "brands", page, times: 1, ...kinds[at % kinds.length] }) as FaultRule);

describe("a page draws at most retries + 1 requests", () => {
  const SERVICE_503 = { kind: "status", status: 503 } as const;
  const MALFORMED_200 = { kind: "malformed" } as const;

  test.each([1, 3])(
    "a service alternating 503 and a malformed 200 (retries %i): the page is skipped after retries + 1 requests",
    async (retries) => {
      env.emulator.setFaults(alternating(2, [SERVICE_503, MALFORMED_200], 4 * (retries + 1)));
      const client = env.client({ retries, retryBaseDelayMs: 1 });
      const { result, warnings } = await captureWarnings(() => client.rawQuery("brands", { perPage: 10, maxPages: 3 }));
      expect(result).toHaveLength(20);
      expect(pagesRequested(env.emulator, "brands").filter((page) => page === 2)).toHaveLength(retries + 1);
      expect(warnings.map((warning) => warning.message).join("\n")).toMatch(/page 2 \(/);
    },
  );

  test("a malformed 200 then 503s: raise rejects after retries + 1 requests, with the last failure", async () => {
    env.emulator.setFaults(alternating(2, [MALFORMED_200, SERVICE_503], 12));
    const client = env.client({ retries: 3, retryBaseDelayMs: 1, onErrors: "raise" });
    const error = await client.rawQuery("brands", { perPage: 10, maxPages: 3 }).catch((error: unknown) => error);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(503);
    expect(pagesRequested(env.emulator, "brands").filter((page) => page === 2)).toHaveLength(4);
  });

  test("mixed failures within the budget still give the page", async () => {
    env.emulator.setFaults(alternating(2, [SERVICE_503, MALFORMED_200, { kind: "reset" }], 3));
    const records = await env.client({ retries: 3, retryBaseDelayMs: 1 }).rawQuery("brands", { perPage: 10, maxPages: 3 });
    expect(records).toHaveLength(30);
    expect(pagesRequested(env.emulator, "brands").filter((page) => page === 2)).toHaveLength(4);
  });

  test("a frame's pages too: the first page alternating 503 and a malformed 200 rejects after retries + 1 requests", async () => {
    env.emulator.setFaults(alternating(1, [SERVICE_503, MALFORMED_200], 8));
    const error = await env
      .client({ retries: 2, retryBaseDelayMs: 1 })
      .brands({ perPage: 10, maxPages: 3 })
      .catch((error: unknown) => error);
    expect(error).toBeInstanceOf(APIError);
    expect(pagesRequested(env.emulator, "brands").filter((page) => page === 1)).toHaveLength(3);
  });
});
