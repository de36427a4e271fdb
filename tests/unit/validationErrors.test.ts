/**
 * Bad arguments to the frame, export and display functions are ValidationErrors naming the
 * parameter and what it takes (not plain TypeError/RangeError), as the client's own are.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { barChart, frameToHtml, styledTable } from "../../src/display";
import { ValidationError } from "../../src/errors";
import { writeCSV, writeNDJSON, writeParquet } from "../../src/export";
import { FrameBuilder, recordsToFrame } from "../../src/rows/rowShape";

/** A value passed where the types would refuse it, as JavaScript callers can. */
const untyped = (value: unknown): any => value;

/** The error `act` throws (or rejects with). */
async function errorOf(act: () => unknown): Promise<unknown> {
  try {
    await act();
  } catch (error) {
    return error;
  }
  throw new Error("no error thrown");
}

async function expectValidation(act: () => unknown, parameter: string, says: RegExp): Promise<void> {
  const error = await errorOf(act);
  expect(error).toBeInstanceOf(ValidationError);
  expect(error).toMatchObject({ parameter, message: expect.stringMatching(says) });
  expect((error as Error).message.startsWith(`${parameter}: `)).toBe(true);
}

const rows = [{ brand: "A", esteem: 1 }];
async function* badPages(): AsyncGenerator<unknown> {
  yield { page: 1 };
}
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "fountframe-validation-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("frame", () => {
  test("FrameBuilder.add: a page without records", async () => {
    await expectValidation(() => new FrameBuilder().add(untyped({ records: 5 })), "page", /array of records/);
  });

  test("recordsToFrame, FrameBuilder.add: an array of pages where records go", async () => {
    const pages = [[{ id: 1 }], [{ id: 2 }]];
    await expectValidation(() => recordsToFrame(untyped(pages)), "records", /item 0 is an array: pass pages one at a time/);
    await expectValidation(() => new FrameBuilder().add(untyped([{ id: 1 }, pages[1]])), "page", /item 1 is an array/);
    await expectValidation(() => new FrameBuilder().add(untyped({ records: pages })), "page", /item 0 is an array/);
  });

  test("FrameBuilder.add: pages of two endpoints in one frame", async () => {
    const builder = new FrameBuilder();
    builder.add({ records: [{ id: 1 }], endpoint: "brands" });
    await expectValidation(
      () => builder.add({ records: [{ id: 2 }], endpoint: "studies" }),
      "page",
      /a page of studies added to a frame of brands/,
    );
  });
});

describe("export", () => {
  test("a source that is none of a frame, records or pages", async () => {
    await expectValidation(() => writeCSV(untyped(42), join(dir, "a.csv")), "source", /DataFrame, an array of records, or an iterable/);
  });

  test("a page that is neither records nor an object with records", async () => {
    await expectValidation(() => writeNDJSON(untyped(badPages()), join(dir, "b.ndjson")), "source", /each page must be/);
  });

  test("an array of pages where an array of records goes", async () => {
    const pages = [[{ id: 1 }], [{ id: 2 }]];
    await expectValidation(() => writeCSV(untyped(pages), join(dir, "p.csv")), "source", /item 0 is an array: pass pages one at a time/);
    await expectValidation(() => writeParquet(untyped([{ id: 1 }, pages[1]]), join(dir, "p.parquet")), "source", /item 1 is an array/);
  });

  test("a frame whose values are not rows", async () => {
    await expectValidation(() => writeCSV(untyped({ columns: ["a"], values: 5 }), join(dir, "c.csv")), "frame", /array of rows/);
  });
});

describe("display", () => {
  test("frameToHtml: rows below 0, an unknown column, a source that is no frame", async () => {
    await expectValidation(() => frameToHtml(rows, { rows: -1 }), "rows", /0 or more, got -1/);
    await expectValidation(() => frameToHtml(rows, { columns: ["nope"] }), "columns", /no column "nope"; columns: brand, esteem/);
    await expectValidation(() => frameToHtml(untyped(42)), "frame", /a danfo DataFrame or an array of records/);
  });

  test("styledTable: a heat column that is not there", async () => {
    await expectValidation(() => styledTable(rows, { heat: ["relevance"] }), "heat", /no column "relevance"/);
  });

  test("charts: a field that is not in the data", async () => {
    await expectValidation(() => barChart(rows, { category: "brand_name", value: "esteem" }), "category", /no field "brand_name"/);
  });
});
