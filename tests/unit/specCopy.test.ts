/**
 * spec/SCHEMA.json and spec/SCHEMA.md are copies of the service's documentation as extracted for
 * the project (`../shared/`). Wherever that folder is at hand (it sits next to the checkout, or
 * next to one of its parent folders), the copies must equal it byte for byte, so an edit to either
 * side fails CI until the other follows.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const ROOT = resolve(__dirname, "../..");
const FILES = ["SCHEMA.json", "SCHEMA.md"];

/** The nearest `shared/` folder holding SCHEMA.json beside the checkout or one of its parents. */
function sharedFolder(): string | null {
  for (let dir = dirname(ROOT); ; dir = dirname(dir)) {
    const candidate = join(dir, "shared");
    if (existsSync(join(candidate, "SCHEMA.json"))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

const shared = sharedFolder();

test("the project's copy of the schema is valid JSON with the 15 resources", () => {
  const schema = JSON.parse(readFileSync(join(ROOT, "spec/SCHEMA.json"), "utf8"));
  expect(Object.keys(schema.resources)).toHaveLength(15);
});

(shared ? test.each(FILES) : test.skip.each(FILES))("spec/%s equals the shared copy", (file) => {
  expect(readFileSync(join(ROOT, "spec", file), "utf8")).toBe(readFileSync(join(shared!, file), "utf8"));
});
