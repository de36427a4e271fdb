import { ValidationError, columnValues, recordsToFrame, type DataFrame, type Series } from "../../src";

test("columnValues: one column's values, typed by the caller, as a fresh array", async () => {
  const frame: DataFrame = await recordsToFrame([
    { id: 1, name: "Swatch" },
    { id: 2, name: "Rolex" },
  ]);
  const ids: number[] = columnValues<number>(frame, "id");
  expect(ids).toEqual([1, 2]);
  ids.push(3);
  expect(frame.column("id").values).toEqual([1, 2]);
  const names: Series = frame.column("name");
  expect(columnValues<string>(frame, "name")).toEqual(names.values);
});

test("columnValues: a column the frame lacks is a ValidationError naming the columns it has", async () => {
  const frame = await recordsToFrame([{ id: 1, name: "Swatch" }]);
  expect(() => columnValues(frame, "active")).toThrow(ValidationError);
  expect(() => columnValues(frame, "active")).toThrow('column: the frame has no column "active"; it has: id, name');
});
