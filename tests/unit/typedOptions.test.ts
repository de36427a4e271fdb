/**
 * What the option types let through: `npm run typecheck` checks the `@ts-expect-error` lines (an
 * unused one is itself an error), Jest checks that what they allow reaches the wire.
 */
import { ENDPOINT_BY_METHOD } from "../../src/endpoints/table";
import { buildQuery } from "../../src/params/buildQuery";
import type { Client, EndpointOptions, FiltersOf } from "../../src";

// the public names for one method's options and filters
type BrandsOptions = EndpointOptions<"brands">;
type BrandscapeDataOptions = EndpointOptions<"brandscapeData">;
type CategoriesOptions = EndpointOptions<"categories">;
type StudiesFilters = FiltersOf<"studies">;

const wireParams = (method: "brands" | "studies", options: object) =>
  buildQuery(ENDPOINT_BY_METHOD.get(method)!, [options]).query.toParams(ENDPOINT_BY_METHOD.get(method)!.resource);

describe("typed filters", () => {
  test("a misspelt filter name is a type error; snake_case and camelCase both type-check", () => {
    // @ts-expect-error contry_codes is not a filter of brands
    const misspelt: BrandsOptions = { filters: { contry_codes: "US" } };
    const snake: BrandsOptions = { filters: { country_codes: "US", has_studies: 1 } };
    const camel: StudiesFilters = { countryCodes: ["US"], bavStudy: true, updatedSince: "2024-01-31 00:00:00" };
    expect([misspelt, snake, camel]).toHaveLength(3);
  });

  test("a deliberate extra filter goes in extraFilters and reaches the wire as given", () => {
    const options: BrandsOptions = { filters: { countryCodes: "US" }, extraFilters: { created_by: "me" } };
    expect(wireParams("brands", options)).toEqual({ "filter[country_codes]": "US", "filter[created_by]": "me" });
  });

  test("extraFilters values are still checked by the kind of a filter the table knows", () => {
    expect(() => wireParams("studies", { extraFilters: { countryCodes: "XX" } })).toThrow(
      /^extraFilters\.countryCodes: must be an ISO 3166-1/,
    );
  });
});

describe("typed includes", () => {
  test("documented includes are suggested, any other name still compiles (the service decides)", () => {
    const brandscape: BrandscapeDataOptions = { studies: 1, include: ["year", "company"] };
    const none: CategoriesOptions = { include: "no_default" };
    const documented: BrandsOptions = { include: ["sector", "studies"] };
    const undocumented: BrandsOptions = { include: ["categories"] };
    // @ts-expect-error still names, not numbers
    const wrong: BrandsOptions = { include: [1] };
    expect([brandscape, none, documented, undocumented, wrong]).toHaveLength(5);
  });
});

// typed records: pages(), rawPages() and rawQuery() per endpoint, from the documented full schemas
{
  /** Never called: `npm run typecheck` checks what the records of each endpoint are typed as. */
  async function recordTypes(client: Client): Promise<void> {
    for await (const page of client.pages("studies", { countryCodes: "US" })) {
      const [study] = page.records;
      const documented: [number | undefined, string | undefined, boolean | undefined, Record<string, unknown> | undefined] = [
        study.respondents,
        study.start_date,
        study.is_active,
        study.period,
      ];
      // @ts-expect-error a study's name is a string
      const name: number | undefined = study.name;
      // @ts-expect-error the documented key is is_active, not active: an undocumented column is unknown
      const active: boolean | undefined = study.active;
      void [documented, name, active];
    }
    for await (const page of client.rawPages("audiences/3")) {
      const isPublic: boolean | undefined = page.records[0].is_public;
      void isPublic;
    }
    const [brand] = await client.rawQuery("brands");
    const ids: Array<number | undefined> = [brand.bav_brand_id, brand.bav_id];
    const logo: string | undefined = brand.logo_url;
    const [inStudy] = await client.rawQuery("studies/12/brands");
    const brandName: string | undefined = inStudy.brand_name;
    const [categoryInStudy] = await client.rawQuery("studies/12/categories");
    const category: Record<string, unknown> | undefined = categoryInStudy.category;
    const [row] = await client.rawQuery("brandscape-data", { filters: { studies: 1 } });
    const localName: string | undefined = row.brand_name;
    const duplicate: boolean | undefined = row.is_duplicate;
    const metric: unknown = row.differentiation_rank;
    const anything: unknown = (await client.rawQuery("health"))[0].status;
    void [ids, logo, brandName, category, localName, duplicate, metric, anything];
  }
  void recordTypes;
}
