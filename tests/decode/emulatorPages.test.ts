import { DOCUMENTED } from "../../src/endpoints/documented";
import { scanPage } from "../../src/decode/pageScanner";
import { startEmulator, type Emulator } from "../../src/emulator";
import type { RowShape } from "../../src/table/types";
import { rowShapeOf } from "../../src/rows/rowShape";
import { expectSameDecoding } from "./sameDecoding";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
});
afterAll(() => emulator.close());

/** A page's bytes as the service sends them, over HTTP. */
async function pageBytes(route: string, params: Record<string, string | number>): Promise<Buffer> {
  const query = new URLSearchParams(Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]));
  const response = await fetch(`${emulator.url}${route}?${query}`, {
    headers: { Authorization: "Bearer test-token", Accept: "application/json" },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${route} ${query}: ${response.status} ${bytes.toString().slice(0, 200)}`);
  return bytes;
}

/** Whether a page's records hold a list anywhere (stacking makes rows of it: the scanner leaves such a page alone). */
const hasList = (bytes: Buffer): boolean =>
  JSON.parse(bytes.toString()).data.some((record: object) => JSON.stringify(record).includes("["));

/**
 * A page decoded with lists stacking: taken by the scanner when no record holds a list, else left
 * to JSON.parse (whose product of a brand's studies and countries is not worth computing here).
 */
function expectStackedSame(bytes: Buffer, shape: RowShape): void {
  if (hasList(bytes)) expect(scanPage(bytes, shape)).toBeUndefined();
  else expect(expectSameDecoding(bytes, shape)).toBe(true);
}

const STUDIES = { "filter[studies]": "1,2,3" };

describe("every emulator dataset", () => {
  const routes = Object.keys(DOCUMENTED).filter((route) => route !== "brandscape-data");
  test.each(routes)("%s, with and without its includes, flat and stacked", async (route) => {
    const path = route.replace("{id}", "1");
    // with every include a brand holds its studies and countries: smaller pages
    for (const params of [
      { per_page: 1000 } as Record<string, string | number>,
      { per_page: 50, include: DOCUMENTED[route as keyof typeof DOCUMENTED].includes.join(",") },
    ]) {
      for (const page of [1, 2]) {
        const bytes = await pageBytes(path, { ...params, page });
        expect(expectSameDecoding(bytes, rowShapeOf({ endpoint: path }))).toBe(true);
        expectStackedSame(bytes, rowShapeOf({ endpoint: path, stackData: true }));
      }
    }
  });

  test.each([
    ["full width, 100 a page", { ...STUDIES, per_page: 100 }],
    ["full width, 1000 a page", { ...STUDIES, per_page: 1000, page: 2 }],
    ["full width with the client's default includes", { ...STUDIES, per_page: 1000, include: "brand,study,category,audience" }],
    ["every include", { ...STUDIES, per_page: 300, include: DOCUMENTED["brandscape-data"].includes.join(",") }],
    ["metric keys", { ...STUDIES, per_page: 1000, metric_keys: "differentiation,relevance,esteem" }],
    ["a narrow page", { ...STUDIES, per_page: 1000, "fields[brandscape_data]": "id,brand_name,study_id,differentiation_c" }],
  ])("brandscape-data, %s: taken by the scanner, flat and stacked, as JSON.parse decodes it", async (_name, params) => {
    const bytes = await pageBytes("brandscape-data", params);
    expect(expectSameDecoding(bytes, rowShapeOf({ endpoint: "brandscape-data" }))).toBe(true);
    expectStackedSame(bytes, rowShapeOf({ endpoint: "brandscape-data", stackData: true }));
  });

  test("the wide page is the scanner's, hundreds of columns wide", async () => {
    const bytes = await pageBytes("brandscape-data", { ...STUDIES, per_page: 100, include: "brand,study,category,audience" });
    const scanned = scanPage(bytes, rowShapeOf({ endpoint: "brandscape-data" }));
    expect(scanned?.chunk.rowCount).toBe(100);
    expect(scanned!.chunk.names.length).toBeGreaterThan(300);
    expect(scanned!.chunk.columns.filter((column) => column instanceof Float64Array).length).toBeGreaterThan(200);
  });
});
