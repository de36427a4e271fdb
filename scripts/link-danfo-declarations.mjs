// After tsup (`npm run build`): the entries' declarations import danfo's types from "danfojs-node",
// which a user's project does not have; fountframe ships them as dist/danfo.d.ts (`fountframe/danfo`).
// Points those imports at ./danfo.js (./danfo.mjs from the ESM declarations) and fails when a
// declaration file names danfojs-node in any other way.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIST = new URL("../dist/", import.meta.url).pathname;
const problems = [];
for (const name of readdirSync(DIST).filter((file) => /\.d\.m?ts$/.test(file))) {
  const path = join(DIST, name);
  const target = name.endsWith(".d.mts") ? "./danfo.mjs" : "./danfo.js";
  const text = readFileSync(path, "utf8").replace(/(from |import\()(['"])danfojs-node\2/g, `$1$2${target}$2`);
  if (/['"]danfojs-node[/'"]/.test(text)) problems.push(`${name} still names danfojs-node`);
  writeFileSync(path, text);
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
