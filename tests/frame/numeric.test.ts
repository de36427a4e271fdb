import { parseNumericString } from "../../src/table/columnType";

describe("parseNumericString", () => {
  it.each([
    ["47.3", 47.3],
    ["-2", -2],
    ["+5", 5],
    ["0", 0],
    ["-0.25", -0.25],
    ["0.5", 0.5],
    [".5", 0.5],
    ["5.", 5],
    ["1e3", 1000],
    ["1.5E-2", 0.015],
    ["0e0", 0],
    ["0.0e-400", 0],
    ["1e-300", 1e-300],
    ["0.000", 0],
    ["-0.0", -0],
    ["9007199254740991", 9007199254740991],
    ["123456789012345678901234.5", 1.2345678901234568e23], // eslint-disable-line no-loss-of-precision -- the nearest double, as JS prints it
  ])("reads %j as %p", (text, value) => {
    expect(parseNumericString(text)).toBe(value);
  });

  it.each([
    "",
    " ",
    " 1",
    "1 ",
    "1 2",
    "0x10",
    "0b1",
    "0o7",
    "-0x10",
    "Infinity",
    "-Infinity",
    "NaN",
    "1e",
    "e3",
    "+",
    "-",
    ".",
    "1_000",
    "1,5",
    "007",
    "-01",
    "00.5",
    "12345678901234567890",
    "1e400",
    "1e-400",
    "-2.5E-999",
    "abc",
    "2020-03-02",
  ])("does not read %j", (text) => {
    expect(parseNumericString(text)).toBeNaN();
  });

  // a plain decimal of many zeros, named by its count: past the double range as "1e-400" is, unless all zeros
  const zeros = (count: number, last = "") => `0.${"0".repeat(count)}${last}`;
  it.each([
    ["0.(400 zeros)", 0, zeros(400)],
    ["-0.(400 zeros)", -0, `-${zeros(400)}`],
    ["0.(299 zeros)1", 1e-300, zeros(299, "1")],
    ["9007199254740991.0", 9007199254740991, "9007199254740991.0"],
    ["1e15", 1e15, "1e15"],
  ])("reads %s as %p", (_name, value, text) => {
    expect(parseNumericString(text)).toBe(value);
  });

  it.each([
    ["0.(400 zeros)1", zeros(400, "1")],
    ["-0.(400 zeros)1", `-${zeros(400, "1")}`],
    ["0.(330 zeros)1", zeros(330, "1")],
    ["0.(330 zeros)1e5", `${zeros(330, "1")}e5`],
    // a whole number past 2^53 (or past the range) however it is spelt
    ["1e19", "1e19"],
    ["-1e19", "-1e19"],
    ["9007199254740993.0", "9007199254740993.0"],
    ["9007199254740993e0", "9007199254740993e0"],
    ["9.007199254740993e15", "9.007199254740993e15"],
    ["1(400 zeros).0", `1${"0".repeat(400)}.0`],
    ["1(400 zeros).5", `1${"0".repeat(400)}.5`],
  ])("does not read %s", (_name, text) => {
    expect(parseNumericString(text)).toBeNaN();
  });
});

describe("parseNumericString's own decimal reading", () => {
  it("gives exactly what Number() gives for plain decimals", () => {
    let seed = 42;
    const next = (limit: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % limit;
    };
    for (let i = 0; i < 20_000; i++) {
      const whole = String(next(10 ** (1 + next(9))));
      const fraction = next(3) === 0 ? "" : `.${String(next(10 ** (1 + next(8)))).padStart(1 + next(8), "0")}`;
      const text = `${next(4) === 0 ? "-" : ""}${whole}${fraction}`;
      expect([text, parseNumericString(text)]).toEqual([text, Number(text)]);
    }
  });
});
