#!/usr/bin/env node
// The packages bundled into dist/danfo.cjs are accounted for: a user's `npm audit` never sees them,
// so CI does it for them. Fails when
// - the build's list (dist/danfo-bundled-packages.json, written by tsup.config.ts) differs from the
//   committed one (src/danfo/bundled-packages.json): a package came, went or changed version or
//   licence without anyone looking;
// - a bundled version is deprecated on the registry (`npm view <name>@<version> deprecated`);
// - a bundled version has a known advisory: `npm audit` over a throwaway lockfile that lists exactly
//   the bundled versions (nothing is installed or resolved beyond them).
//
//   node scripts/check-danfo-bundle.mjs [--require-audit] [--built FILE] [--committed FILE]   (after the build)
// The registry is npm's (npm_config_registry), as for every npm command.
// A registry that refuses the audit request (405: a read-only mirror) is reported as "advisories not
// checked" on stderr; --require-audit makes that a failure.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import pLimit from "p-limit";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "..");
/** `--name value` from the command line, else the default */
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : fallback;
};
const BUILT = option("--built", join(ROOT, "dist/danfo-bundled-packages.json"));
const COMMITTED = option("--committed", join(ROOT, "src/danfo/bundled-packages.json"));

const read = (path) => JSON.parse(readFileSync(path, "utf8"));
const id = ({ name, version, license }) => `${name}@${version} (${license})`;
const problems = [];

// 1. the list the build made is the list committed
const built = read(BUILT);
const committed = read(COMMITTED);
const builtIds = new Set(built.map(id));
const committedIds = new Set(committed.map(id));
const added = [...builtIds].filter((entry) => !committedIds.has(entry));
const removed = [...committedIds].filter((entry) => !builtIds.has(entry));
if (added.length || removed.length) {
  problems.push(
    `the bundled packages changed without src/danfo/bundled-packages.json:` +
      added.map((entry) => `\n  + ${entry}`).join("") +
      removed.map((entry) => `\n  - ${entry}`).join("") +
      `\n  review them, then copy dist/danfo-bundled-packages.json to src/danfo/bundled-packages.json`,
  );
}

// 2. none deprecated
const limit = pLimit(4);
const deprecated = await Promise.all(
  built.map(({ name, version }) =>
    limit(async () => {
      const { stdout } = await run("npm", ["view", `${name}@${version}`, "deprecated", "--json"], { encoding: "utf8" });
      const message = stdout.trim() ? JSON.parse(stdout) : "";
      return message ? `${name}@${version} is deprecated: ${message}` : undefined;
    }),
  ),
);
problems.push(...deprecated.filter(Boolean));

// 3. no known advisory: npm audit reads a lockfile naming exactly the bundled versions
let audited = true;
const dir = mkdtempSync(join(tmpdir(), "fountframe-danfo-audit-"));
try {
  const dependencies = {};
  const packages = { "": { name: "danfo-bundle-audit", version: "0.0.0", dependencies } };
  for (const { name, version } of built) {
    // a second version of a name goes one level down, as npm nests it
    const top = `node_modules/${name}`;
    const path = packages[top] ? `node_modules/danfo-bundle-nested-${Object.keys(packages).length}/${top}` : top;
    if (path === top) dependencies[name] = version;
    packages[path] = { version };
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "danfo-bundle-audit", version: "0.0.0", private: true, dependencies }));
  writeFileSync(
    join(dir, "package-lock.json"),
    JSON.stringify({ name: "danfo-bundle-audit", version: "0.0.0", lockfileVersion: 3, requires: true, packages }),
  );
  // npm audit exits 1 when it finds something: its JSON says what
  const { stdout } = await run("npm", ["audit", "--json", "--package-lock-only"], { cwd: dir, encoding: "utf8" }).catch((error) => {
    if (typeof error.stdout === "string" && error.stdout.trim()) return error;
    throw error;
  });
  const report = JSON.parse(stdout);
  if (report.statusCode === 405 && process.argv.includes("--require-audit") === false) {
    // a registry mirror that serves packages but no audit endpoint (POST refused): said, not hidden
    console.error(`ADVISORIES NOT CHECKED: ${report.message} (this registry offers no npm audit; --require-audit makes this fatal)`);
    audited = false;
  } else if (report.error) throw new Error(`npm audit: ${report.message ?? report.error.summary ?? JSON.stringify(report.error)}`);
  for (const [name, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
    const titles = vulnerability.via.filter((via) => typeof via === "object").map((via) => `${via.title} (${via.url})`);
    problems.push(
      `${name} (bundled ${vulnerability.range}): ${vulnerability.severity} advisory: ${titles.join("; ") || vulnerability.via.join(", ")}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (problems.length) {
  console.error(`dist/danfo.cjs bundles ${built.length} packages; problems:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(
  `dist/danfo.cjs bundles ${built.length} packages, as committed; none deprecated${audited ? ", no known advisory" : "; advisories not checked"}`,
);
