import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { WARNING_CODES } from "../../src/warningCodes";

const SRC = join(__dirname, "../../src");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "emulator" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

test("every warning code src/ emits is listed in WARNING_CODES, the one name users match on", () => {
  const emitted = new Set(
    sourceFiles(SRC).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/"(FOUNTFRAME_[A-Z_]+)"/g)].map((m) => m[1])),
  );
  expect(emitted.size).toBeGreaterThan(10);
  const listed = new Set<string>(Object.values(WARNING_CODES));
  expect([...emitted].filter((code) => !listed.has(code))).toEqual([]);
});

test("every warning src/ emits carries a code (a user filters warnings by code, never by words)", () => {
  const uncoded = sourceFiles(SRC).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(/process\.emitWarning\(/g)]
      .filter((call) => !/\bcode\b|_CODE\b|_WARNING\b/.test(text.slice(call.index, call.index + 600).split(/\);\n/)[0]))
      .map((call) => `${file.slice(SRC.length + 1)}:${text.slice(0, call.index).split("\n").length}`);
  });
  expect(uncoded).toEqual([]);
});
