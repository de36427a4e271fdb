import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { writeCSV, writeNDJSON } from "../../src/export";
import { FrameBuilder } from "../../src/rows/rowShape";
import { collector } from "../export/exportFixtures";
import { useEmulator } from "./fixture";
import { tempFolder } from "../helpers/tempFolder";

// GB 2024: local brand names end " (GB)"; the included brand carries the global name
const STUDY = 482;

describe("the same rows under the same column names, whichever way they are pulled", () => {
  const env = useEmulator();
  const dir = tempFolder("fountframe-shape-");

  test("method, client.pages + FrameBuilder, writeCSV and writeNDJSON of client.pages agree", async () => {
    const client = env.client();
    const frame = await client.brandscapeData({ studies: STUDY, audiences: [1] });
    const columns = frame.columns as string[];
    expect(columns).toEqual(
      expect.arrayContaining(["brand_name", "global_brand_name", "global_study_name", "global_category_id", "global_audience_id"]),
    );
    const localNames = frame.column("brand_name").values as string[];
    // brand_name is the study's spelling, global_brand_name the brand's: mostly the same, not always
    const globalNames = frame.column("global_brand_name").values as string[];
    expect(localNames.some((name, row) => name !== globalNames[row])).toBe(true);

    const builder = new FrameBuilder();
    for await (const page of client.pages("brandscapeData", { studies: STUDY, audiences: [1] })) builder.add(page);
    const built = await builder.toFrame();
    expect(built.columns).toEqual(columns);
    expect(built.column("brand_name").values).toEqual(localNames);

    const csvPath = join(dir, "pages.csv");
    await writeCSV(client.pages("brandscapeData", { studies: STUDY, audiences: [1] }), csvPath);
    const csvRows = parse(readFileSync(csvPath), { columns: true }) as Record<string, string>[];
    expect(csvRows.map((row) => row.brand_name)).toEqual(localNames);
    // the frame drops columns null in every row; the CSV header keeps every key of the first page
    expect(Object.keys(csvRows[0])).toEqual(expect.arrayContaining(columns));

    const out = collector();
    await writeNDJSON(client.pages("brandscapeData", { studies: STUDY, audiences: [1] }), out.stream);
    const lines = out
      .text()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((row) => row.brand_name)).toEqual(localNames);
    expect(lines[0].global_brand_name).toBe(frame.column("global_brand_name").values[0]);
  }, 30_000);

  test("pages of a stackData pull carry it: FrameBuilder and the writers stack their lists as the frame does", async () => {
    const client = env.client();
    const options = { stackData: true, maxPages: 2 };
    const frame = await client.audiences(options);
    const unstacked = await client.audiences({ maxPages: 2 });
    expect(frame.shape[0]).toBeGreaterThan(unstacked.shape[0]); // the lists did become rows
    const ids = frame.column("id").values as number[];

    const builder = new FrameBuilder();
    for await (const page of client.pages("audiences", options)) {
      expect(page.stackData).toBe(true);
      builder.add(page);
    }
    const built = await builder.toFrame();
    expect(built.shape).toEqual(frame.shape);
    expect(built.column("id").values).toEqual(ids);

    const csvPath = join(dir, "stacked.csv");
    const summary = await writeCSV(client.pages("audiences", options), csvPath);
    expect(summary.rows).toBe(frame.shape[0]);
    const csvRows = parse(readFileSync(csvPath), { columns: true }) as Record<string, string>[];
    expect(csvRows.map((row) => Number(row.id))).toEqual(ids);

    const out = collector();
    await writeNDJSON(client.pages("audiences", options), out.stream);
    expect(out.text().trim().split("\n")).toHaveLength(frame.shape[0]);
    for await (const page of client.pages("audiences", { maxPages: 1 })) expect(page.stackData).toBeUndefined();
  }, 30_000);

  test("a column's name never depends on which fields were asked for", async () => {
    const client = env.client();
    const narrow = await client.brandscapeData({ studies: STUDY, fields: ["brand_strength_c"], include: ["study", "year"] });
    expect(narrow.columns).toEqual(expect.arrayContaining(["brand_strength_c", "global_study_name", "global_year_year"]));
    expect(narrow.columns).not.toContain("study_name");
    expect(narrow.columns).not.toContain("year_year");
  }, 30_000);
});
