import { settableSize } from "../../src/store/sizeSettings";

describe("settableSize", () => {
  it("sets a size back to the middle of what DuckDB's rounded-down text stands for", () => {
    expect(settableSize("2.7 GiB")).toBe("2.75 GiB");
    expect(settableSize("16.0 MiB")).toBe("16.05 MiB");
    expect(settableSize("97.6 KiB")).toBe("97.65 KiB");
    expect(settableSize("3 GiB")).toBe("3.5 GiB");
  });

  it("takes back bytes as they are, no limit as -1, and any other text untouched", () => {
    expect(settableSize("1024 bytes")).toBe("1024 bytes");
    expect(settableSize("16383.9 PiB")).toBe("-1");
    expect(settableSize("unlimited")).toBe("unlimited");
  });
});
