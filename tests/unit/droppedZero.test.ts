// A falsy method parameter is dropped (bavapi's rule); where the service reads 0 as a value, the drop is told.
import { ENDPOINT_BY_METHOD } from "../../src/endpoints/table";
import { buildQuery } from "../../src/params/buildQuery";
import { WARNING_CODES } from "../../src/warningCodes";

function build(...args: unknown[]): { warnings: string[]; filters: Record<string, unknown> } {
  const warnings: string[] = [];
  const spy = jest.spyOn(process, "emitWarning").mockImplementation(((warning: string, options?: { code?: string }) => {
    if (options?.code === WARNING_CODES.droppedZero) warnings.push(warning);
  }) as typeof process.emitWarning);
  try {
    return { warnings, filters: { ...buildQuery(ENDPOINT_BY_METHOD.get("countries")!, args).query.filters } };
  } finally {
    spy.mockRestore();
  }
}

test("countries({ withRecentStudies: 0 }) drops the filter and says so, naming the way to send it", () => {
  const { warnings, filters } = build({ withRecentStudies: 0 });
  expect(filters).toEqual({});
  expect(warnings).toEqual([
    "countries: withRecentStudies: 0 dropped, as a falsy method parameter is (bavapi's rule), so the filter is not sent and every record comes back; the service reads 0 as this year: to send it, give filters: { with_recent_studies: 0 }",
  ]);
});

test("no word where the 0 is sent (in filters) or the value is not 0, nor for a flag given as 0", () => {
  expect(build({ filters: { with_recent_studies: 0 } })).toEqual({ warnings: [], filters: { with_recent_studies: 0 } });
  expect(build({ withRecentStudies: 0, filters: { withRecentStudies: 0 } })).toEqual({ warnings: [], filters: { with_recent_studies: 0 } });
  expect(build({ withRecentStudies: 2 })).toEqual({ warnings: [], filters: { with_recent_studies: 2 } });
  expect(build("x", 0).warnings).toEqual([]);
});
