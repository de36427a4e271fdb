/**
 * Text columns reach the Arrow file exactly, whether every text is ASCII (encoded at once) or not
 * (arrow's own builder): empty texts, nulls, NUL, and texts beside non-ASCII ones.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { writeArrow } from "../../src/export";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-arrow-text-");

test.each([
  ["ASCII", ["Swatch", "", null, "a\u0000b", "x".repeat(5000), null, "~"]],
  ["ASCII and not", ["Swatch", "", null, "Zürich", "東京", "😀", "plain"]],
])("a text column of %s is written exactly", async (name, texts) => {
  const path = join(dir, `${name}.arrow`);
  await writeArrow(
    texts.map((text, id) => ({ id, text })),
    path,
    { types: { text: "utf8" } },
  );
  const column = tableFromIPC(readFileSync(path)).getChild("text")!;
  expect(String(column.type)).toBe("Utf8");
  expect(texts.map((_, row) => column.get(row))).toEqual(texts);
});
