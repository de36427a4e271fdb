// After tsup (`npm run build`): the entries' declarations import danfo's types from "danfojs-node",
// which a user's project does not have; fountframe ships them as dist/danfo.d.ts (`fountframe/danfo`).
// Points those imports at ./danfo.js and fails when a declaration file names danfojs-node in any
// other way. The ESM declarations point there too, and dist/danfo.d.mts re-exports it: one danfo at
// run time (dist/danfo.mjs re-exports dist/danfo.cjs) means one declaration of its classes, else a
// frame typed from `require` types and one from `import` types do not match (danfo's classes have
// private members).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIST = new URL("../dist/", import.meta.url).pathname;
const problems = [];
for (const name of readdirSync(DIST).filter((file) => /\.d\.m?ts$/.test(file))) {
  const path = join(DIST, name);
  const text =
    name === "danfo.d.mts"
      ? 'export * from "./danfo.js";\n'
      : readFileSync(path, "utf8").replace(/(from |import\(|import )(['"])danfojs-node\2/g, `$1$2./danfo.js$2`);
  if (/['"]danfojs-node[/'"]/.test(text)) problems.push(`${name} still names danfojs-node`);
  writeFileSync(path, text);
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
