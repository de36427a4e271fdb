import { gatherPageChunk } from "../../src/table/pageChunk";
import type { RowShape } from "../../src/table/types";
import { chunkColumnTypes, widenStored } from "../../src/store/storedTypes";
import { columnTypeOfSql, sqlTypeOf } from "../../src/store/sqlTypes";
import { COLUMN_TYPES } from "../../src/table/columnType";

const SHAPE: RowShape = { stackData: false, globalIncludes: new Set() };
const typesOf = (values: unknown[], declared?: "string" | "integer") => {
  const chunk = gatherPageChunk(
    values.map((value, id) => ({ id, value })),
    declared ? { ...SHAPE, declaredTypes: new Map([["value", declared]]) } : SHAPE,
  );
  return chunkColumnTypes(chunk, declared ? new Map([["value", declared]]) : undefined)[chunk.names.indexOf("value")];
};

/** The store's column types: the table model's, with its two rules on dates and timestamps. */
describe("the store's column types", () => {
  it.each([
    [["2024-01-31T12:00:00.000000Z", null], "timestamp"],
    [["2024-01-31 12:00:00"], "utf8"],
    [["2024-01-31T12:00:00+02:00"], "utf8"],
    [["2024-01-31T12:00:00.000000Z", "2024-01-31T12:00:00Z"], "utf8"],
    [["2024-01-31", "2024-02-29"], "date"],
    [["2024-01-31", "2024-01-31T12:00:00.000000Z"], "utf8"],
    [[3_000_000_000, null, 1], "int64"],
    [[1, 2.5], "double"],
    [["1.50", "+1"], "double"],
    [[true, null], "boolean"],
    [[null, undefined], undefined],
  ])("types %j as %s", (values, type) => {
    expect(typesOf(values)).toBe(type);
  });

  it("keeps documented strings text, numeric or not", () => {
    expect(typesOf(["056", "826"], "string")).toBe("utf8");
    expect(typesOf(["2024-01-31"], "string")).toBe("date");
  });

  it("widens by the table model's rule, but a date beside a timestamp is text", () => {
    expect(widenStored("int64", "double")).toBe("double");
    expect(widenStored("double", "utf8")).toBe("utf8");
    expect(widenStored("date", "timestamp")).toBe("utf8");
    expect(widenStored("timestamp", "date")).toBe("utf8");
    expect(widenStored("date", "date")).toBe("date");
  });

  it("reads back every SQL type it writes as the type it was written from", () => {
    for (const type of COLUMN_TYPES) expect(columnTypeOfSql(sqlTypeOf(type))).toBe(type);
    expect(columnTypeOfSql("INTEGER")).toBe("int64");
    expect(columnTypeOfSql("DECIMAL(18,3)")).toBe("double");
    expect(columnTypeOfSql("TIMESTAMP WITH TIME ZONE")).toBe("utf8");
  });
});
