import { ValidationError } from "../../src/errors";
import { retryDelayMs } from "../../src/transport/retryPolicy";
import { useEmulator } from "./fixture";

/** When each request for page 2 of brands arrived (the emulator asks for its latency per request). */
const page2Arrivals: number[] = [];
const env = useEmulator({
  latencyMs: ({ resource, page }) => {
    if (resource === "brands" && page === 2) page2Arrivals.push(performance.now());
    return 0;
  },
});
beforeEach(() => {
  page2Arrivals.length = 0;
});

describe("maxWaitMs: 0", () => {
  // before: every retry's backoff was capped at 0 ms, a burst of 4 requests within a few ms
  it("still backs off from retryBaseDelayMs between retries against a failing service", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "status", status: 503, times: 3 }]);
    const frame = await env.client({ maxWaitMs: 0, retryBaseDelayMs: 200, retries: 3 }).brands();
    expect(frame.shape[0]).toBe(439);
    expect(page2Arrivals).toHaveLength(4);
    const gaps = page2Arrivals.slice(1).map((at, i) => at - page2Arrivals[i]);
    // lower bounds only: a timer never fires early by more than rounding
    expect(gaps.map((gap) => gap >= 190)).toEqual([true, true, true]);
  });

  it("retryDelayMs: the cap never goes below the base delay", () => {
    expect(retryDelayMs(1, undefined, 250, 0)).toBeGreaterThanOrEqual(250);
    expect(retryDelayMs(5, undefined, 250, 0)).toBe(250);
    expect(retryDelayMs(5, undefined, 250, 1_000)).toBe(1_000);
  });
});

describe("a tool given NaN", () => {
  it("says NaN, as the resource methods do, and sends nothing", async () => {
    const client = env.client();
    await expect(client.tools.archetypes({ studies: NaN, brands: 1 })).rejects.toThrow(ValidationError);
    await expect(client.tools.archetypes({ studies: NaN, brands: 1 })).rejects.toThrow(/studies: must be .*, got NaN$/);
    expect(env.emulator.stats.requests).toBe(0);
  });
});
