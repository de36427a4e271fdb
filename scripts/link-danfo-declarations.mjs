// After tsup (`npm run build`): the entries' declarations import danfo's types from "danfojs-node",
// which a user's project does not have; fountframe ships them as dist/danfo.d.ts (`fountframe/danfo`).
// Points those imports at ./danfo.js and fails when a declaration file names danfojs-node in any
// other way. The ESM declarations point there too, and dist/danfo.d.mts re-exports it: one danfo at
// run time (dist/danfo.mjs re-exports dist/danfo.cjs) means one declaration of its classes, else a
// frame typed from `require` types and one from `import` types do not match (danfo's classes have
// private members).
// Deno reads the ESM declarations too (`deno check` of a user's script), but resolves an import by
// the file it names: `./danfo.js` does not exist beside them, and a declaration chunk
// (`./base-….mjs`) has no JavaScript at all. So the ESM declarations name `./danfo.mjs` (whose
// declarations re-export the one danfo.d.ts), and each chunk they import gets a stub module that
// points Deno at its declarations (`@ts-self-types`); TypeScript resolves `.mjs` to `.d.mts` itself.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIST = new URL("../dist/", import.meta.url).pathname;
const problems = [];
for (const name of readdirSync(DIST).filter((file) => /\.d\.m?ts$/.test(file))) {
  const path = join(DIST, name);
  const text =
    name === "danfo.d.mts"
      ? 'export * from "./danfo.js";\n'
      : readFileSync(path, "utf8").replace(
          /(from |import\(|import )(['"])danfojs-node\2/g,
          `$1$2./danfo.${name.endsWith(".d.mts") ? "mjs" : "js"}$2`,
        );
  if (/['"]danfojs-node[/'"]/.test(text)) problems.push(`${name} still names danfojs-node`);
  // danfo.d.mts itself stays the re-export of danfo.d.ts: one declaration of danfo's classes
  const esm = name.endsWith(".d.mts") && name !== "danfo.d.mts";
  writeFileSync(path, esm ? text.replace(/(['"])\.\/danfo\.js\1/g, "$1./danfo.mjs$1") : text);
  if (!esm) continue;
  for (const [, chunk] of text.matchAll(/from ['"]\.\/([^'"]+)\.mjs['"]/g)) {
    const stub = join(DIST, `${chunk}.mjs`);
    if (chunk !== "danfo" && existsSync(join(DIST, `${chunk}.d.mts`)) && !existsSync(stub)) {
      writeFileSync(
        stub,
        `// @ts-self-types="./${chunk}.d.mts"\n// declarations only: Deno's type check reads this file's types from there\nexport {};\n`,
      );
    }
  }
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
