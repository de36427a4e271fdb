import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DataFrame } from "danfojs-node";
import type { Client } from "../../src/client/client";
import { DOCUMENTED } from "../../src/endpoints/documented";
import { ENDPOINTS, type EndpointSpec } from "../../src/endpoints/table";
import { writeCSV } from "../../src/export";
import { columnValues } from "../../src/frame/columnValues";
import { Query } from "../../src/query/query";
import { recordsToFrame } from "../../src/rows/rowShape";
import { useEmulator } from "./fixture";

const env = useEmulator();

/** What each call needs besides its include: brandscape-data must be narrowed. */
const NARROWING: Record<string, Record<string, unknown>> = { brandscapeData: { studies: 470, metricKeys: ["differentiation"] } };

const cases = ENDPOINTS.flatMap((endpoint: EndpointSpec) => endpoint.includes.map((include) => [endpoint.method, include] as const));

test("every resource with documented includes is covered", () => {
  expect(new Set(cases.map(([method]) => method)).size).toBe(ENDPOINTS.filter((endpoint) => endpoint.includes.length).length);
});

test.each(cases)("%s include %s: sent, served, and in the frame", async (method, include) => {
  const client = env.client();
  const call = client[method as keyof Client] as (options: object) => Promise<DataFrame>;
  const frame = await call.call(client, { ...NARROWING[method], include, perPage: 200, maxPages: 1 });
  const sent = new URLSearchParams(env.emulator.stats.log[0].query).get("include")?.split(",");
  expect(sent).toContain(include);
  const spec = ENDPOINTS.find((endpoint) => endpoint.method === method)!;
  // a to-one include flattens to <include>_<key> (global_<include>_<key> where it shares a name with a
  // column of the record), a to-many one stays a list in a column of its own
  const prefix = "globalIncludes" in spec && (spec.globalIncludes as readonly string[]).includes(include) ? `global_${include}` : include;
  const columns = (frame.columns as string[]).filter((column) => column === prefix || column.startsWith(`${prefix}_`));
  expect(columns).not.toEqual([]);
});

test.each(["studies/{id}/brands", "studies/{id}/categories"] as const)(
  "%s: every documented include arrives, dotted ones nested",
  async (route) => {
    const client = env.client();
    const includes = DOCUMENTED[route].includes as readonly string[];
    const records = await client.rawQuery(route.replace("{id}", "470"), { include: [...includes], perPage: 50, maxPages: 1 });
    expect(records.length).toBeGreaterThan(0);
    for (const include of includes) {
      const [parent, child] = include.split(".");
      expect(records.some((record) => (child ? (record[parent] as Record<string, unknown> | null)?.[child] : record[parent]) != null)).toBe(
        true,
      );
    }
  },
);

test("studies/{id}/brands include=brand: the study's own brand_name stays, the brand's arrives as global_brand_name (frame and CSV)", async () => {
  const client = env.client();
  const query = new Query({ include: ["brand"], perPage: 50, maxPages: 1 });
  const records = await client.rawQuery("studies/470/brands", query);
  const frame = await recordsToFrame(records, { endpoint: "studies/470/brands" });
  expect(columnValues(frame, "brand_name")).toEqual(records.map((record) => record.brand_name));
  expect(columnValues(frame, "global_brand_name")).toEqual(records.map((record) => (record.brand as { name: string }).name));
  expect(records.some((record) => record.brand_name !== (record.brand as { name: string }).name)).toBe(true);

  const dir = mkdtempSync(join(tmpdir(), "fountframe-subroute-"));
  try {
    await writeCSV(client.rawPages("studies/470/brands", query), join(dir, "brands.csv"));
    const [header, first] = readFileSync(join(dir, "brands.csv"), "utf8").split("\n");
    const cells = Object.fromEntries(header.split(",").map((name, position) => [name, first.split(",")[position]]));
    expect(cells.brand_name).toBe(records[0].brand_name);
    expect(cells.global_brand_name).toBe((records[0].brand as { name: string }).name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
