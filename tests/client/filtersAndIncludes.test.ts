import { APIError } from "../../src/errors";
import { UNKNOWN_FILTER_WARNING } from "../../src/params/filterChecks";
import { captureWarnings, useEmulator } from "./fixture";

const env = useEmulator();

/** The query strings the emulator received, in arrival order. */
const queries = () => env.emulator.stats.log.map((entry) => decodeURIComponent(entry.query));

describe("a filter the docs do not name for the endpoint", () => {
  test("is sent, and named in exactly one warning with the closest documented name", async () => {
    const client = env.client();
    const { result: frame, warnings } = await captureWarnings(() =>
      // @ts-expect-error misspelt on purpose, as plain JavaScript (or a cast) could pass it
      client.brands({ filters: { countryCode: "US" }, maxPages: 1 }),
    );
    expect(frame.shape[0]).toBeGreaterThan(0);
    expect(queries()).toEqual([expect.stringContaining("filter[country_code]=US")]);
    const unknown = warnings.filter((warning) => warning.code === UNKNOWN_FILTER_WARNING);
    expect(unknown).toHaveLength(1);
    expect(unknown[0].message).toContain("countryCode: did you mean country_codes?");
  });

  test("several in one call still give one warning, naming each; the method's own parameters and extraFilters give none", async () => {
    const client = env.client();
    const { warnings } = await captureWarnings(() =>
      client.studies("US", 2024, {
        // @ts-expect-error misspelt on purpose
        filters: { fullYr: 1, releasd: 1, isActive: 1 },
        extraFilters: { beta_cohort: 1 },
        maxPages: 1,
      }),
    );
    const unknown = warnings.filter((warning) => warning.code === UNKNOWN_FILTER_WARNING);
    expect(unknown).toHaveLength(1);
    expect(unknown[0].message).toContain("fullYr: did you mean full_year?");
    expect(unknown[0].message).toContain("releasd: did you mean released?");
    expect(unknown[0].message).not.toMatch(/isActive|beta_cohort|country_codes|year_numbers/);
    expect(queries()[0]).toMatch(/filter\[beta_cohort\]=1.*filter\[full_yr\]=1.*filter\[is_active\]=1.*filter\[releasd\]=1/);
  });

  test("documented filters, camelCase or snake_case, and updated_since give no warning", async () => {
    const client = env.client();
    const { warnings } = await captureWarnings(() =>
      client
        .brands({ filters: { countryCodes: "US", is_core: 1, bavBrandId: [1, 2], updatedSince: "2024-01-01" }, maxPages: 1 })
        .catch(() => undefined),
    );
    expect(warnings.filter((warning) => warning.code === UNKNOWN_FILTER_WARNING)).toEqual([]);
  });

  test("brandscapeData's countryCode and yearNumber take lists, as SCHEMA.json documents them (code list, number list)", async () => {
    const client = env.client();
    const { result: frame, warnings } = await captureWarnings(() =>
      client.brandscapeData(["us", "GB"], [2023, 2024], 1, { metricKeys: ["differentiation"], fields: ["id", "study_id"] }),
    );
    // a known key whose columns `fields` leaves out is said so, not "did you mean differentiation?"
    expect(warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining('metricKeys "differentiation" (a key the service knows: are its columns left out by `fields`?)'),
    ]);
    expect(queries()[0]).toContain("filter[country_code]=US,GB&filter[year_number]=2023,2024");
    const studiesOf = async (codes: string[]) =>
      new Set((await client.studies(codes, [2023, 2024], { fields: ["id"] })).column("id").values as number[]);
    const [both, us] = [await studiesOf(["US", "GB"]), await studiesOf(["US"])];
    expect(new Set(frame.column("study_id").values as number[])).toEqual(both);
    expect(both.size).toBeGreaterThan(us.size);
    await expect(client.brandscapeData(["US", "XX"], 2024)).rejects.toThrow(
      /^countryCode: must be an ISO 3166-1 alpha-2 country code such as US, GB, DE, or a list of them/,
    );
  });

  test("a known filter's value is still checked before any request", async () => {
    const client = env.client();
    await expect(client.brands({ filters: { countryCodes: "XX" } })).rejects.toThrow(/^filters\.countryCodes: must be an ISO 3166-1/);
    for (const impossible of [
      "2024-13-45",
      "2024-02-30 25:61:61",
      "2023-02-29",
      "2024-01-31 24:00:00",
      new Date(Date.UTC(10000, 0, 1)),
      new Date(Date.UTC(-1, 0, 1)),
    ])
      await expect(client.brands({ filters: { updatedSince: impossible } })).rejects.toThrow(
        /^filters\.updatedSince: must be a Date or 'YYYY-MM-DD HH:MM:SS'/,
      );
    expect(env.emulator.stats.requests).toBe(0);
    for (const real of ["2024-02-29 23:59:59", "0001-01-01", "9999-12-31 23:59:59"])
      await client.brands({ filters: { updatedSince: real }, maxPages: 1 }).catch((error: unknown) => error);
    expect(env.emulator.stats.requests).toBe(3);
  });
});

describe("includes go to the wire as given; the service decides", () => {
  test.each([
    ["brands", "sector"],
    ["brands", "studies"],
    ["companies", "gics_sector"],
    ["companies", "stock_exchanges"],
    ["brandMetricGroups", "metric"],
    ["audiences", "group"],
  ] as const)("%s include %s (documented, refused by the old client) is sent", async (method, include) => {
    const client = env.client();
    // whether this emulator serves it yet is the emulator's business: the client sends it
    await client[method]({ include, maxPages: 1 }).catch((error: unknown) => expect(error).toBeInstanceOf(APIError));
    expect(queries()[0]).toContain(`include=${include}`);
  });

  test("an include the service refuses comes back as its APIError, status and message kept", async () => {
    const client = env.client();
    const failure = await client.brands({ include: ["company", "bogus"] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(APIError);
    expect(failure).toMatchObject({ status: 400 });
    expect((failure as APIError).serviceMessage).toContain("bogus");
    expect(queries()[0]).toContain("include=company,bogus");
  });
});
