import { join } from "node:path";
import { writeArrow, writeParquet } from "../../src/export";
import { duckRows, duckTypes, sqlText } from "./duckdb";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-sub-microsecond-");

/** A timestamp with digits past the microsecond (other than zeros) is text: the formats' timestamps would cut them. */
describe("timestamps past the microsecond", () => {
  const records = [
    { id: 1, cut: "2020-03-02T10:05:01.123456789Z", zeros: "2020-03-02T10:05:01.123456000Z" },
    { id: 2, cut: "2020-03-02T10:05:01.1234567Z", zeros: "2020-03-02T10:05:01.123457Z" },
  ];

  it.each([
    ["parquet", writeParquet, (path: string) => `read_parquet(${sqlText(path)})`],
    ["arrow", writeArrow, undefined],
  ] as const)("are written by %s as the text pulled, never two instants made one", async (format, write, reader) => {
    const path = join(dir, `timestamps.${format}`);
    await write(records, path);
    if (!reader) {
      const { tableFromIPC } = await import("apache-arrow");
      const { readFileSync } = await import("node:fs");
      const table = tableFromIPC(readFileSync(path));
      expect(String(table.schema.fields.find((field) => field.name === "cut")?.type)).toBe("Utf8");
      expect(String(table.schema.fields.find((field) => field.name === "zeros")?.type)).toMatch(/^Timestamp/);
      expect(table.getChild("cut")?.toArray()).toEqual(records.map((record) => record.cut));
      return;
    }
    expect(await duckTypes(reader(path))).toMatchObject({ cut: "VARCHAR", zeros: "TIMESTAMP WITH TIME ZONE" });
    const rows = await duckRows(`SELECT cut, epoch_us(zeros) AS zeros FROM ${reader(path)} ORDER BY id`);
    expect(rows.map((row) => row.cut)).toEqual(records.map((record) => record.cut));
    expect(rows.map((row) => row.zeros)).toEqual([1583143501123456n, 1583143501123457n]);
  });
});
