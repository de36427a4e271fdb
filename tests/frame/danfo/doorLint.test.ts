/**
 * danfo behind one door (eslint.config.mjs): a file outside src/frame/danfo that reaches one of its
 * files, loads src/danfo, or imports danfojs-node or mathjs at run time is refused; the door's index
 * and danfo's types are allowed. ESLint runs in a child process (its config is an ES module).
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(__dirname, "../../..");

const LINT = `
import { readFileSync } from "node:fs";
import { ESLint } from "eslint";
const cases = JSON.parse(readFileSync(0, "utf8"));
const eslint = new ESLint();
const out = [];
for (const { filePath, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath });
  out.push(result.messages.filter((m) => m.ruleId !== "@typescript-eslint/no-unused-vars").map((m) => m.ruleId + ": " + m.message));
}
console.log(JSON.stringify(out));
`;

const CASES: Array<{ name: string; filePath: string; code: string; refusal: RegExp | null }> = [
  {
    name: "a frame file reaching a file of the door",
    filePath: "src/frame/doorFixture.ts",
    code: 'export { deferMathjs } from "./danfo/deferMathjs";\n',
    refusal: /no-restricted-paths: .*danfo's internals stay in src\/frame\/danfo/,
  },
  {
    name: "another module reaching a file of the door",
    filePath: "src/display/doorFixture.ts",
    code: 'export { frameFromCells } from "../frame/danfo/frameStorage";\n',
    refusal: /no-restricted-paths: .*danfo's internals stay in src\/frame\/danfo/,
  },
  {
    name: "a module loading src/danfo itself",
    filePath: "src/export/doorFixture.ts",
    code: 'export { DataFrame } from "../danfo";\n',
    refusal: /no-restricted-paths: .*Only src\/frame\/danfo loads danfo/,
  },
  {
    name: "a module importing danfojs-node at run time",
    filePath: "src/display/doorFixture.ts",
    code: 'export { DataFrame } from "danfojs-node";\n',
    refusal: /no-restricted-imports: .*Only src\/danfo .* reach danfo or mathjs/,
  },
  {
    name: "a module importing mathjs",
    filePath: "src/frame/doorFixture.ts",
    code: 'export { median } from "mathjs";\n',
    refusal: /no-restricted-imports: .*Only src\/danfo .* reach danfo or mathjs/,
  },
  {
    name: "the door's index, from the frame",
    filePath: "src/frame/doorFixture.ts",
    code: 'export { loadDataFrameClass } from "./danfo";\n',
    refusal: null,
  },
  {
    name: "danfo's types, anywhere",
    filePath: "src/display/doorFixture.ts",
    code: 'export type { DataFrame } from "danfojs-node";\n',
    refusal: null,
  },
  {
    name: "the door loading src/danfo",
    filePath: "src/frame/danfo/doorFixture.ts",
    code: 'export { DataFrame } from "../../danfo";\n',
    refusal: null,
  },
];

describe("danfo behind one door (eslint.config.mjs)", () => {
  let refusals: string[][];
  beforeAll(() => {
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", LINT], {
      cwd: ROOT,
      input: JSON.stringify(CASES.map(({ filePath, code }) => ({ filePath, code }))),
      encoding: "utf8",
    });
    refusals = JSON.parse(output) as string[][];
  }, 60_000);

  it.each(CASES.map((entry, index) => [entry.name, index] as const))("%s", (_name, index) => {
    const { refusal } = CASES[index];
    expect(refusals[index]).toEqual(refusal ? [expect.stringMatching(refusal)] : []);
  });
});
