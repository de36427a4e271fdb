// notebooks/README.md lists every notebook in notebooks/, and the main README names each one too:
// a notebook added without its line fails CI here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "../..");
const notebooks = readdirSync(join(ROOT, "notebooks")).filter((name) => name.endsWith(".ipynb"));

test("every notebook has a row in notebooks/README.md's table and a link in README.md", () => {
  expect(notebooks.length).toBeGreaterThan(0);
  const table = readFileSync(join(ROOT, "notebooks/README.md"), "utf8");
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  expect(notebooks.filter((name) => !table.includes(`| \`${name}\` |`))).toEqual([]);
  expect(notebooks.filter((name) => !readme.includes(`(notebooks/${name})`))).toEqual([]);
});

test("docs/developing.md does not count the notebooks by hand", () => {
  const developing = readFileSync(join(ROOT, "docs/developing.md"), "utf8");
  expect(developing).not.toMatch(/\b(two|three|four|five|six|seven|\d+) notebooks\b/);
});
