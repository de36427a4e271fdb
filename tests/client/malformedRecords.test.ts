import { APIError } from "../../src/errors";
import { captureWarnings, pagesRequested, useEmulator } from "./fixture";

// brands: 439 records, 5 pages at 100
const env = useEmulator();
const PATHS = [
  { threads: 0, onErrors: "warn" },
  { threads: 2, onErrors: "warn" },
  { threads: 0, onErrors: "raise" },
  { threads: 2, onErrors: "raise" },
] as const;
const NULL_WORDS = /HTTP 200 from .*brands\?.*page=2.*: the answer's `data\[3\]` is null where a record \(an object\) belongs/;

describe("a page holding a record that is not an object is a malformed answer", () => {
  it.each(PATHS)("retried, then whole when the service recovers (threads %p)", async (options) => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "nullRecord", index: 3, times: 1 }]);
    const { result: frame, warnings } = await captureWarnings(() => env.client({ ...options, retries: 1 }).brands());
    expect(warnings).toEqual([]);
    expect(frame.shape[0]).toBe(439);
    expect(pagesRequested(env.emulator, "brands").filter((page) => page === 2)).toHaveLength(2);
  });

  it("reported the same way on every path: the same error class and words, as a warning or thrown", async () => {
    const said: string[] = [];
    for (const options of PATHS) {
      env.emulator.setFaults([{ resource: "brands", page: 2, kind: "nullRecord", index: 3 }]);
      const { result, warnings } = await captureWarnings(() =>
        env
          .client({ ...options, retries: 1 })
          .brands()
          .then(
            (frame) => frame.shape[0],
            (error: unknown) => error,
          ),
      );
      if (options.onErrors === "warn") {
        expect(result).toBe(339);
        expect(warnings).toHaveLength(1);
        said.push(warnings[0].message.replace(/.*page 2 \((.*)\)$/, "$1"));
      } else {
        expect(result).toBeInstanceOf(APIError);
        expect((result as APIError).code).toBe("ERR_MALFORMED_BODY");
        said.push((result as Error).message);
      }
    }
    expect(said[0]).toMatch(NULL_WORDS);
    expect(new Set(said).size).toBe(1);
  });
});

describe("a page whose `data` is not records", () => {
  it.each([
    ['{"data":null}', "null"],
    ['{"data":"none"}', "string"],
  ])("%s is told as such", async (body, said) => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "status", status: 200, body }]);
    const error = await env
      .client({ retries: 0, onErrors: "raise" })
      .brands()
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(APIError);
    expect((error as Error).message).toMatch(new RegExp(`: the response's \`data\` was ${said}, not a list of records or a record`));
  });
});
