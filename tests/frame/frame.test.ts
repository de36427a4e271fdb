import { DataFrame, toCSV } from "danfojs-node";
import { tableToFrame, toColumnTable } from "../../src/frame/finishTable";
import type { ColumnTable } from "../../src/table/types";
import { FrameBuilder, recordsToFrame } from "../../src/rows/rowShape";
import { expectFrame } from "./expectFrame";

describe("recordsToFrame", () => {
  it("builds the frame by column name, with the table's dtypes", async () => {
    const frame = await recordsToFrame([
      { id: 1, name: "a", share: "47.3", ok: true, gone: null },
      { share: "0.5", id: 2, name: "b", ok: false },
      { name: "c", id: 3, extra: 12 },
    ]);
    expectFrame(
      frame,
      { id: [1, 2, 3], name: ["a", "b", "c"], share: [47.3, 0.5, NaN], ok: [true, false, null], extra: [NaN, NaN, 12] },
      { id: "int32", name: "string", share: "float32", ok: "boolean", extra: "float32" },
    );
  });

  it("flattens, stacks and prefixes as asked", async () => {
    const record = { brand_id: 1, brand: { id: 1, name: "N" }, categories: [{ id: 5 }, { id: 6 }], company: { name: "C" } };
    expectFrame(await recordsToFrame([record], { stackData: true, globalPrefix: true }), {
      brand_id: [1, 1],
      global_brand_id: [1, 1],
      global_brand_name: ["N", "N"],
      categories_id: [5, 6],
      company_name: ["C", "C"],
    });
    const unstacked = await recordsToFrame([record]);
    expect(unstacked.columns).toEqual(["brand_id", "brand_name", "categories", "company_name"]);
    expect(unstacked.column("categories").values).toEqual(['[{"id":5},{"id":6}]']);
  });

  it("keeps ids above 2^24 and 2^32 exact in a float32 column", async () => {
    const ids = [2 ** 24 + 1, 2 ** 40 + 3, 9007199254740991];
    const frame = await recordsToFrame(ids.map((id) => ({ id })));
    expectFrame(frame, { id: ids }, { id: "float32" });
  });

  it("gives an empty frame for no records, or records with no values", async () => {
    for (const records of [[], [{ a: null }]]) {
      const frame = await recordsToFrame(records);
      expect(frame).toBeInstanceOf(DataFrame);
      expect(frame.shape).toEqual([0, 0]);
      expect(frame.columns).toEqual([]);
    }
  });
});

describe("FrameBuilder (the frame methods feed it page by page)", () => {
  it("makes the frame recordsToFrame makes of all the pages at once, columns that come late included", async () => {
    const pages = [
      [
        { id: 1, brand_name: "a", brand: { id: 7, name: "A" }, share: "1.5" },
        { id: 2, brand_name: "b", brand: { id: 8, name: "B" }, share: null },
      ],
      [{ brand: { id: 9, name: "C" }, id: 3, brand_name: "c", share: "2", late: true }],
      [{ id: 4, brand_name: "d", brand: null, share: "0.25", categories: [{ id: 5 }, { id: 6 }] }],
    ];
    for (const options of [{ globalPrefix: true }, { globalPrefix: true, stackData: true }, {}]) {
      const builder = new FrameBuilder(options);
      for (const page of pages) builder.add(page);
      const built = await builder.toFrame();
      const whole = await recordsToFrame(pages.flat(), options);
      expect(built.columns).toEqual(whole.columns);
      expect(built.dtypes).toEqual(whole.dtypes);
      expect(built.values).toEqual(whole.values);
      expect(built.shape[0]).toBe(options.stackData ? 5 : 4);
    }
  });
});

describe("tableToFrame", () => {
  const table = (): ColumnTable =>
    toColumnTable([
      { id: 3, name: "c", score: 1.5, ok: true },
      { id: 1, name: "a", score: null, ok: false },
      { id: 2, name: "b", score: 0.25, ok: true },
    ]);

  it("is the frame danfo itself builds from the same rows, columns and dtypes", async () => {
    const source = table();
    const frame = await tableToFrame(source);
    const rows = source.data[0].map((_, row) => source.data.map((cells) => cells[row]));
    const reference = new DataFrame(rows, { columns: source.columns, dtypes: source.dtypes });

    expect(frame.config.isLowMemoryMode).toBe(false);
    expect(frame.values).toEqual(reference.values);
    expect(frame.index).toEqual(reference.index);
    expect(frame.dtypes).toEqual(reference.dtypes);
    for (const name of source.columns) expect(frame.column(name).values).toEqual(reference.column(name).values);
    expect(frame.head(2).values).toEqual(reference.head(2).values);
    expect(frame.iloc({ rows: [0, 2] }).values).toEqual(reference.iloc({ rows: [0, 2] }).values);
    expect(frame.loc({ columns: ["name", "score"] }).values).toEqual(reference.loc({ columns: ["name", "score"] }).values);
    expect(frame.sortValues("id").values).toEqual(reference.sortValues("id").values);
    expect(frame.query(frame.column("ok")).values).toEqual(reference.query(reference.column("ok")).values);
    expect(frame.describe().values).toEqual(reference.describe().values);
    expect(toCSV(frame)).toEqual(toCSV(reference));

    frame.addColumn("double", frame.column("id").mul(2), { inplace: true });
    reference.addColumn("double", reference.column("id").mul(2), { inplace: true });
    expect(frame.values).toEqual(reference.values);
    expect(frame.column("double").values).toEqual([6, 2, 4]);
  });

  it("leaves the table the caller's", async () => {
    const source = table();
    const frame = await tableToFrame(source);
    source.data[0][0] = 99;
    source.columns[0] = "renamed";
    expectFrame(
      frame,
      {
        id: [3, 1, 2],
        name: ["c", "a", "b"],
        score: [1.5, NaN, 0.25],
        ok: [true, false, true],
      },
      { id: "int32", name: "string", score: "float32", ok: "boolean" },
    );
  });

  it("keeps the columns of a table without rows", async () => {
    const frame = await tableToFrame({ columns: ["a", "b"], data: [[], []], dtypes: ["int32", "string"], rowCount: 0 });
    expect(frame.shape).toEqual([0, 2]);
    expect(frame.columns).toEqual(["a", "b"]);
  });

  it("refuses a table whose parts disagree", async () => {
    await expect(tableToFrame({ columns: ["a"], data: [], dtypes: ["int32"], rowCount: 0 })).rejects.toThrow(RangeError);
    await expect(tableToFrame({ columns: ["a"], data: [[1]], dtypes: ["int32"], rowCount: 2 })).rejects.toThrow(/"a" has 1 of 2/);
  });
});
