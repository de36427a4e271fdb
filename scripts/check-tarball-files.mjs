#!/usr/bin/env node
// The packed tarball holds what a user needs and nothing else: a LICENSE matching package.json's
// "license", and under dist/ only files package.json points at (main, module, types, bin,
// exports) or that the runtime loads beside them (the worker threads' script, found by the module's
// own location, not exported) and the list of packages bundled into dist/danfo.cjs — no demo, no
// unused build.
//
//   node scripts/check-tarball-files.mjs fountframe-x.y.z.tgz
import { execFileSync } from "node:child_process";

const tarball = process.argv[2];
if (!tarball) throw new Error("usage: check-tarball-files.mjs TARBALL");
const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" })
  .trim()
  .split("\n")
  .map((path) => path.replace(/^package\//, ""));
const manifest = JSON.parse(execFileSync("tar", ["xzfO", tarball, "package/package.json"], { encoding: "utf8" }));

function paths(value) {
  if (typeof value === "string") return [value.replace(/^\.\//, "")];
  if (value && typeof value === "object") return Object.values(value).flatMap(paths);
  return [];
}
// src/threads/workerScript.ts: the worker threads' scripts, beside index.cjs / index.mjs
const LOADED_BESIDE = ["decodeWorker", "parquetWorker"].flatMap((name) => [`dist/${name}.cjs`, `dist/${name}.mjs`]);
// what dist/danfo.cjs bundles, with versions and licences (tsup.config.ts writes it): shipped to be read
const NOTICES = ["dist/danfo-bundled-packages.json"];
const pointedAt = new Set(paths([manifest.main, manifest.module, manifest.types, manifest.bin, manifest.exports]));
// declarations the entries share (danfo's, in a chunk the bundler names) are reached through an import
for (const declarations of [...pointedAt].filter((path) => /\.d\.m?ts$/.test(path) && files.includes(path))) {
  const text = execFileSync("tar", ["xzfO", tarball, `package/${declarations}`], { encoding: "utf8" });
  for (const [, chunk, extension] of text.matchAll(/from '\.\/([^']+)\.(m?js)'/g)) {
    pointedAt.add(`dist/${chunk}.d.${extension === "mjs" ? "mts" : "ts"}`);
    // a declaration chunk's stub module, for Deno's type check (scripts/link-danfo-declarations.mjs)
    if (extension === "mjs") pointedAt.add(`dist/${chunk}.mjs`);
  }
}
const problems = files
  .filter((path) => path.startsWith("dist/") && !pointedAt.has(path) && !LOADED_BESIDE.includes(path) && !NOTICES.includes(path))
  .map((path) => `${path}: in the tarball, but package.json points nowhere at it`);
for (const path of LOADED_BESIDE) {
  if (!files.includes(path)) problems.push(`${path}: the worker threads' script is missing`);
  if (pointedAt.has(path)) problems.push(`${path}: an internal file, exported by package.json`);
}
for (const path of NOTICES) if (!files.includes(path)) problems.push(`${path}: the list of bundled packages is missing`);
if (!files.includes("LICENSE")) problems.push("no LICENSE file");
else {
  const license = execFileSync("tar", ["xzfO", tarball, "package/LICENSE"], { encoding: "utf8" });
  if (!license.startsWith(`${manifest.license} License`))
    problems.push(`LICENSE does not begin "${manifest.license} License" as package.json's "license" says`);
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`tarball: ${files.length} files, each dist/ file reached from package.json, LICENSE (${manifest.license})`);
