import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeCSV } from "../../src/export";
import { FrameBuilder } from "../../src/rows/rowShape";
import type { RecordPage } from "../../src/pull/envelope";
import { pageColumnsOf, pageRecordCount } from "../../src/table/pageChunk";
import { rowShapeOf } from "../../src/rows/rowShape";
import type { JsonRecord } from "../../src/table/types";
import { useEmulator } from "./fixture";
import { tempFolder } from "../helpers/tempFolder";

async function* inTurn<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

// a page of client.pages carries its rows as the pull decoded them (columns) and makes its records
// only when they are read; once read, the records are the page (the columns are let go)
const QUERY = { studies: 482, audiences: [1], perPage: 50, maxPages: 4 };
const SHAPE = rowShapeOf({ endpoint: "brandscape-data" });

describe("pages of client.pages: columns for the frame builder and the writers, records when asked", () => {
  const env = useEmulator();
  const dir = tempFolder("fountframe-pagecolumns-");

  async function pagesOf(options: { threads?: number } = {}): Promise<RecordPage[]> {
    const pages: RecordPage[] = [];
    for await (const page of env.client(options).pages("brandscapeData", QUERY)) pages.push(page);
    return pages;
  }

  test.each([0, 2])("each page holds its columns and record count until its records are read (threads: %d)", async (threads) => {
    const pages = await pagesOf({ threads });
    expect(pages.length).toBe(4);
    const records: JsonRecord[] = [];
    for await (const page of env.client().pages("brandscapeData", QUERY)) records.push(...page.records);
    let at = 0;
    for (const page of pages) {
      const columns = pageColumnsOf(page, SHAPE)!;
      expect(columns).toBeDefined();
      const count = pageRecordCount(page)!;
      expect(count).toBe(Math.min(50, records.length - at));
      expect(page.records).toEqual(records.slice(at, at + count));
      at += count;
      // read: the records are the page from now on
      expect(pageColumnsOf(page, SHAPE)).toBeUndefined();
    }
  });

  test("a page's records are plain data: spread, JSON and a copy with other records behave as records", async () => {
    const [first, second] = await pagesOf();
    const copy = { ...second, records: second.records.slice(0, 3) };
    expect(copy.records).toHaveLength(3);
    expect(pageColumnsOf(copy, SHAPE)).toBeUndefined();
    expect(Object.keys(first)).toEqual(["endpoint", "page", "total", "lastPage", "records"]);
    expect(JSON.parse(JSON.stringify(first)).records).toEqual(first.records);
  });

  test("a page whose records were changed is built and written from its records, not the columns it came with", async () => {
    const pages = await pagesOf();
    const changed = pages.map((page, index) => {
      if (index !== 2) return page;
      page.records[0] = { ...page.records[0], brand_name: "changed" };
      return page;
    });
    const builder = new FrameBuilder();
    for (const page of changed) builder.add(page);
    const frame = await builder.toFrame();
    expect(frame.column("brand_name").values[100]).toBe("changed");
    const path = join(dir, "changed.csv");
    await writeCSV(inTurn(changed), path);
    expect(readFileSync(path, "utf8")).toContain(",changed,");
  });

  test("pages the user builds ({ records } objects, record arrays) still go into FrameBuilder and the writers", async () => {
    const records: JsonRecord[] = [];
    for await (const page of env.client().pages("brandscapeData", QUERY)) records.push(...page.records);
    const fromPages = new FrameBuilder();
    for await (const page of env.client().pages("brandscapeData", QUERY)) fromPages.add(page);
    const own = new FrameBuilder();
    own.add({ endpoint: "brandscape-data", records: records.slice(0, 120) });
    own.add({ endpoint: "brandscape-data", records: records.slice(120) });
    const [a, b] = [await fromPages.toFrame(), await own.toFrame()];
    expect(b.columns).toEqual(a.columns);
    expect(b.dtypes).toEqual(a.dtypes);
    expect(b.values).toEqual(a.values);
  });

  test("fields in an order of their own: the columns of pages come in that order on every path", async () => {
    const fields = ["brand_name", "id", "study_id", "brand_id"];
    const query = { ...QUERY, fields, include: "no_default" as const };
    const frame = await env.client().brandscapeData(query);
    const builder = new FrameBuilder();
    for await (const page of env.client().pages("brandscapeData", query)) builder.add(page);
    const built = await builder.toFrame();
    expect(built.columns).toEqual(frame.columns);
    expect(built.values).toEqual(frame.values);
    const path = join(dir, "fields.csv");
    await writeCSV(env.client().pages("brandscapeData", query), path);
    expect(readFileSync(path, "utf8").split("\n")[0]).toBe(frame.columns.join(","));
  });
});
