import { ValidationError } from "../../src/errors";
import { inFlagTerms } from "../../src/cli/flagNames";

test("the no-filter hint names every example as a flag, plain words too (--studies)", () => {
  const names = new Map([
    ["brandscapeData", "brandscape-data"],
    ["studies", "--studies"],
    ["countryCode", "--country-code"],
    ["brandName", "--brand-name"],
  ]);
  const error = inFlagTerms(
    new ValidationError("brandscapeData", "needs at least one filter (e.g. studies, countryCode, brandName)"),
    names,
  );
  expect((error as Error).message).toBe("brandscape-data: needs at least one filter (e.g. --studies, --country-code, --brand-name)");
});
