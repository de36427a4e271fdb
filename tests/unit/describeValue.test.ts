import { describeValue } from "../../src/text/describeValue";

describe("describeValue: a value as a message shows it", () => {
  it.each([
    [3, "3"],
    [NaN, "NaN"],
    [[1, Infinity], "[1,Infinity]"],
    [10n, "10n"],
    [undefined, "undefined"],
    ["x", '"x"'],
    [{ a: 1 }, '{"a":1}'],
    [null, "null"],
    [Symbol("s"), "a symbol"],
    [() => 1, "a function"],
    [new Date(0), "a Date (1970-01-01T00:00:00.000Z)"],
    [new Date(NaN), "a Date (invalid)"],
    [new Map([[1, 2]]), "a Map"],
    [new ArrayBuffer(2), "an ArrayBuffer"],
    ["y".repeat(70), `"${"y".repeat(59)}…`],
  ])("%p is shown as %s", (value, shown) => {
    expect(describeValue(value)).toBe(shown);
  });
});
