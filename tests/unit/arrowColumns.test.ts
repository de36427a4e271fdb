import * as arrow from "apache-arrow";
import { columnsFromArrow, columnsToArrow } from "../../src/cache/arrowColumns";
import type { ColumnTable } from "../../src/table/types";

const encodeColumns = (table: ColumnTable) => columnsToArrow(arrow, table);
const decodeColumns = (file: Uint8Array) => columnsFromArrow(arrow, file);

const roundTrip = (table: ColumnTable): ColumnTable => decodeColumns(encodeColumns(table)!);

describe("the kept-columns Arrow file", () => {
  test("keeps every cell as it was: -0, NaN, large and fractional numbers, text, booleans, nulls", () => {
    const rows = 2000;
    const many = Array.from({ length: rows }, (_, row) => row * 1.5 + 0.1); // distinct: stored whole
    const ids = Array.from({ length: rows }, (_, row) => row * 7); // whole, distinct
    const few = Array.from({ length: rows }, (_, row) => [0.1, -0, NaN, 2 ** 53 + 2, 0][row % 5]); // coded
    const text = Array.from({ length: rows }, (_, row) => (row % 3 === 0 ? null : `naïve ${row % 4} \u{1F600}`));
    const flags = Array.from({ length: rows }, (_, row) => (row % 4 === 0 ? null : row % 2 === 0));
    const table: ColumnTable = {
      columns: ["many", "ids", "few", "text", "flags"],
      dtypes: ["float32", "int32", "float32", "string", "boolean"],
      data: [many, ids, few, text, flags],
      rowCount: rows,
    };
    const read = roundTrip(table);
    expect(read.columns).toEqual(table.columns);
    expect(read.dtypes).toEqual(table.dtypes);
    expect(read.rowCount).toBe(rows);
    read.data.forEach((cells, column) => {
      expect(cells).toHaveLength(rows);
      cells.forEach((cell, row) => expect(Object.is(cell, table.data[column][row])).toBe(true));
    });
  });

  test("keeps every string and every name exactly: a leading U+FEFF, lone surrogates, NUL, '', __proto__", () => {
    const names = ["", "__proto__", "0", "Name", "name", "\ufeffbom", "lone\ud800", "nul\u0000"];
    const texts = ["\ufeffhello", "\ufeff", "a\ud800b", "\ude00\ud83d", "nul\u0000x", "é\u{1F600}", "", null];
    const wellFormed = texts.map((text) => (text?.includes("\ud800") || text?.includes("\ude00") ? "\ufeff\ufeff" : text));
    const table: ColumnTable = {
      columns: names,
      dtypes: names.map(() => "string"),
      data: names.map((_, column) => (column % 2 ? texts : wellFormed)),
      rowCount: texts.length,
    };
    expect(roundTrip(table)).toEqual(table);
    const read = arrow.tableFromIPC(encodeColumns(table)!);
    // for another reader: text with a lone surrogate is UTF-16LE code units, said so; the names are in the schema's metadata
    expect(read.schema.fields.map((field) => [String(field.type), field.metadata.get("fountframe:text")]).slice(0, 2)).toEqual([
      ["Dictionary<Int8, Utf8>", undefined],
      ["Dictionary<Int8, Binary>", "utf-16le"],
    ]);
    expect(JSON.parse(read.schema.metadata.get("fountframe:names")!)).toEqual(names);
  });

  test("a column with too many distinct numbers to code is checked to its last cell", () => {
    const rowCount = 2000;
    const distinct = Array.from({ length: rowCount }, (_, row) => row * 3);
    const table: ColumnTable = { columns: ["a"], dtypes: ["int32"], data: [distinct], rowCount };
    expect(roundTrip(table).data).toEqual([distinct]);
    expect(encodeColumns({ ...table, data: [[...distinct.slice(0, -1), "5997"]] })).toBeUndefined();
    expect(encodeColumns({ ...table, data: [[...distinct.slice(0, -1), undefined]] })).toBeUndefined();
  });

  test("a table without rows, and one without columns", () => {
    expect(roundTrip({ columns: ["a"], dtypes: ["string"], data: [[]], rowCount: 0 })).toEqual({
      columns: ["a"],
      dtypes: ["string"],
      data: [[]],
      rowCount: 0,
    });
    expect(roundTrip({ columns: [], dtypes: [], data: [], rowCount: 3 })).toEqual({ columns: [], dtypes: [], data: [], rowCount: 3 });
  });

  test("a cell its dtype does not allow (undefined, an object, text among numbers, a boolean among text): nothing to store", () => {
    expect(encodeColumns({ columns: ["a"], dtypes: ["string"], data: [["a", true]], rowCount: 2 })).toBeUndefined();
    expect(encodeColumns({ columns: ["a"], dtypes: ["boolean"], data: [[true, "a"]], rowCount: 2 })).toBeUndefined();
    expect(encodeColumns({ columns: ["a"], dtypes: ["string"], data: [[undefined]], rowCount: 1 })).toBeUndefined();
    expect(encodeColumns({ columns: ["a"], dtypes: ["string"], data: [[{}]], rowCount: 1 })).toBeUndefined();
    expect(encodeColumns({ columns: ["a"], dtypes: ["string"], data: [[1, "a"]], rowCount: 2 })).toBeUndefined();
    expect(encodeColumns({ columns: ["a"], dtypes: ["float32"], data: [[1, "2"]], rowCount: 2 })).toBeUndefined();
    expect(encodeColumns({ columns: ["a"], dtypes: ["int32"], data: [[1, null]], rowCount: 2 })).toBeUndefined();
  });

  test("bytes that are no kept-columns file, or cut short, are refused", () => {
    const file = Buffer.from(encodeColumns({ columns: ["a"], dtypes: ["int32"], data: [[1, 2, 3]], rowCount: 3 })!);
    expect(() => decodeColumns(Buffer.from("not columns"))).toThrow();
    expect(() => decodeColumns(file.subarray(0, file.length - 8))).toThrow();
    expect(() => decodeColumns(file.subarray(0, 20))).toThrow();
  });
});

describe("any Arrow reader opens it (apache-arrow's own reader, not ours)", () => {
  test("each column in its Arrow type, with its cells, nulls as nulls and the frame's dtype in the field's metadata", () => {
    const rowCount = 1000;
    const table: ColumnTable = {
      columns: ["few", "ids", "many", "text", "flags"],
      dtypes: ["float32", "int32", "float32", "string", "boolean"],
      data: [
        Array.from({ length: rowCount }, (_, row) => [1.5, 2.5, 40][row % 3]),
        Array.from({ length: rowCount }, (_, row) => row * 3),
        Array.from({ length: rowCount }, (_, row) => row / 7),
        Array.from({ length: rowCount }, (_, row) => (row % 5 === 0 ? null : `brand ${row % 9}`)),
        Array.from({ length: rowCount }, (_, row) => (row % 6 === 0 ? null : row % 4 === 1)),
      ],
      rowCount,
    };
    const reader = arrow.RecordBatchReader.from(encodeColumns(table)!);
    expect(reader.isFile()).toBe(true);
    const read = new arrow.Table(reader.readAll());
    expect(read.numRows).toBe(rowCount);
    expect(read.schema.fields.map((field) => [field.name, String(field.type), field.metadata.get("fountframe:dtype")])).toEqual([
      ["few", "Dictionary<Int8, Float64>", "float32"],
      ["ids", "Int32", "int32"],
      ["many", "Float64", "float32"],
      ["text", "Dictionary<Int8, Utf8>", "string"],
      ["flags", "Bool", "boolean"],
    ]);
    table.columns.forEach((name, column) => expect([...read.getChild(name)!]).toEqual(table.data[column]));
  });
});
