import { headerCount } from "../../src/transport/rateLimitPacer";
import { captureWarnings, useEmulator } from "./fixture";

const env = useEmulator();

/** per_page of every request, in arrival order. */
const pageSizes = () => env.emulator.stats.log.map((entry) => new URLSearchParams(entry.query).get("per_page"));

describe("X-RateLimit headers that are not whole numbers mean no known limit", () => {
  // before: a blank Remaining read as 0, so the pull switched page size and then waited out a
  // minute's window per request (300 rows took 60 s); "-1" and "2.5" did the same
  it.each(["", "   ", "abc", "-1", "2.5"])(
    "X-RateLimit-Remaining %j: no switch, no wait, every row",
    async (remaining) => {
      env.emulator.setFaults([{ kind: "rateHeaders", headers: { "X-RateLimit-Limit": "500", "X-RateLimit-Remaining": remaining } }]);
      const { result: frame, warnings } = await captureWarnings(() => env.client().brands());
      expect(warnings).toEqual([]);
      expect(frame.shape[0]).toBe(439);
      expect(pageSizes()).toEqual(["100", "100", "100", "100", "100"]);
    },
    15_000,
  );
});

test("headerCount: whole digits only", () => {
  expect([" 7 ", "0", "12"].map(headerCount)).toEqual([7, 0, 12]);
  expect(["", "  ", "abc", "-1", "2.5", "1e3", "0x10", undefined, null].map(headerCount)).toEqual(Array(9).fill(undefined));
});
