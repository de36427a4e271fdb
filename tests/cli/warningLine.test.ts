import { warningLine } from "../../src/cli/warnings";

describe("a warning on the CLI's stderr", () => {
  it("is one line whatever its message holds: a column name's line breaks and controls written as escapes", () => {
    const warning = new Error(
      "columns first seen after the header was written were left out: new\nline (1 row), a\r\nb, tab\there, del\u007f, ls\u2028 (1 row)",
    );
    expect(warningLine(warning, new Set())).toBe(
      "warning: columns first seen after the header was written were left out: new\\nline (1 row), a\\r\\nb, tab\\there, del\\u007f, ls\\u2028 (1 row)\n",
    );
  });

  it("masks a secret in it", () => {
    expect(warningLine(new Error("sent s3cr3t-token"), new Set(["s3cr3t-token"]))).toBe("warning: sent ***\n");
  });
});
