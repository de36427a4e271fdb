import { DataNotFoundError, ValidationError } from "../../src/errors";
import { useEmulator } from "./fixture";

const env = useEmulator();

describe("client.mainStudy: the study an analyst means, in one call", () => {
  it("is the country's released full-year BAV study of the year, or its latest", async () => {
    const client = env.client();
    const [study] = await client.rawQuery("studies", { filters: { country_codes: "DE", year_numbers: 2024, bav_study: 1 } });
    env.emulator.resetStats();
    await expect(client.mainStudy("DE", 2024)).resolves.toBe(study.id);
    expect(env.emulator.stats.requests).toBe(1);
    const all = await client.rawQuery("studies", {
      filters: { country_codes: "DE", bav_study: 1, released: 1, full_year: 1 },
      perPage: 1000,
    });
    const newest = Math.max(...all.map((row) => Number(String(row.start_date).slice(0, 4))));
    const latest = all.find((row) => Number(String(row.start_date).slice(0, 4)) === newest)!;
    await expect(client.mainStudy("de")).resolves.toBe(latest.id);
  });

  it("names the code meant for UK before any request, and says when there is no such study", async () => {
    const client = env.client();
    env.emulator.resetStats();
    await expect(client.mainStudy("UK", 2024)).rejects.toThrow(
      new ValidationError("countryCode", 'must be an ISO 3166-1 alpha-2 country code such as US, GB, DE (got "UK"; did you mean GB?)'),
    );
    await expect(client.mainStudy("GB", NaN)).rejects.toThrow("year: must be a year such as 2024 (got NaN)");
    await expect(client.mainStudy("GB", -Infinity)).rejects.toThrow("(got -Infinity)");
    expect(env.emulator.stats.requests).toBe(0);
    await expect(client.mainStudy("DE", 1990)).rejects.toThrow(DataNotFoundError);
    await expect(client.mainStudy("DE", 1990)).rejects.toThrow(/no released main study of DE in 1990/);
  });
});

describe("a country code ISO does not assign", () => {
  it("is refused with the code meant, in every method's country filter", async () => {
    const client = env.client();
    await expect(client.studies("UK", 2024)).rejects.toThrow(/\(got "UK"; did you mean GB\?\)$/);
    await expect(client.brands({ countryCodes: ["DE", "el"] })).rejects.toThrow(/did you mean GR\?\)$/);
    await expect(client.brands({ countryCodes: "XX" })).rejects.toThrow(/\(got "XX"\)$/);
  });
});
