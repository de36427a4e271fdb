#!/usr/bin/env node
// Every ```ts block of README.md, notebooks/README.md and docs/**/*.md, as a user copies it into a
// project that has installed the package: type-checked with a strict tsconfig.json (plus the
// skipLibCheck the README asks for), then run against the emulator, each block a module of its own.
//
//   node scripts/check-doc-snippets.mjs --project DIR --url EMULATOR_URL
//
// DIR has fountframe, typescript and @types/node installed (scripts/check-consumer.sh makes it).
// A block may use `client` (an open Client on the emulator) and `frame` (a DataFrame from it)
// without making them, as the README's later samples do. A block that needs the real service is
// marked, on the line before its fence, with `<!-- snippet: compile-only (why) -->`; every other
// block runs, and must end on its own: a sample that leaves a server or client open fails.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const RUN_LIMIT_MS = 30_000;
const COMPILE_ONLY = /<!--\s*snippet:\s*compile-only\b/;

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 2) options[argv[i].replace(/^--/, "")] = argv[i + 1];
  if (!options.project || !options.url) throw new Error("usage: check-doc-snippets.mjs --project DIR --url EMULATOR_URL");
  return options;
}

function markdownFiles() {
  const docs = readdirSync(join(ROOT, "docs"), { recursive: true })
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name));
  return ["README.md", "notebooks/README.md", ...docs.sort()];
}

/** The ```ts / ```typescript blocks of one Markdown file, with the line each starts on. */
function tsBlocks(file) {
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = lines[i].match(/^(\s*)(`{3,})(ts|typescript)\b/);
    if (!fence) continue;
    const end = lines.findIndex((line, j) => j > i && line.trim() === fence[2]);
    if (end < 0) throw new Error(`${file}:${i + 1}: a ts block that never closes`);
    blocks.push({
      file,
      firstLine: i + 2,
      code: lines
        .slice(i + 1, end)
        .map((line) => line.slice(fence[1].length))
        .join("\n"),
      run: !COMPILE_ONLY.test(lines[i - 1] ?? ""),
    });
    i = end;
  }
  return blocks;
}

const CONTEXT = `import type { Client } from "fountframe";
declare global {
  /** an open Client on the emulator, as the README's later samples assume */
  var client: Client;
  /** a DataFrame from it */
  var frame: Awaited<ReturnType<Client["countries"]>>;
}
`;

const SETUP = `import { Client } from "fountframe";
globalThis.client = new Client({ authToken: "any-token", baseUrl: process.env.FOUNT_BASE_URL, verbose: false });
globalThis.frame = await globalThis.client.countries({ regions: 3 });
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    skipLibCheck: true,
    target: "es2022",
    lib: ["es2022"], // a Node project's: no DOM, as the README's skipLibCheck note assumes
    module: "node16",
    moduleResolution: "node16",
    types: ["node"],
    outDir: "out",
    rootDir: ".",
  },
  include: ["*.mts", "context.d.ts"],
};

function main() {
  const { project, url } = parseArgs(process.argv.slice(2));
  const dir = join(project, "snippets");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const blocks = markdownFiles().flatMap(tsBlocks);
  const byName = new Map();
  for (const block of blocks) {
    block.name = `${block.file.replace(/[^\w]+/g, "_")}_${block.firstLine}`;
    byName.set(block.name, block);
    writeFileSync(join(dir, `${block.name}.mts`), `${block.code}\nexport {};\n`);
  }
  writeFileSync(join(dir, "context.d.ts"), CONTEXT);
  writeFileSync(join(dir, "setup.mjs"), SETUP);
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
  console.log(`${blocks.length} TypeScript blocks in ${[...new Set(blocks.map((block) => block.file))].join(", ")}`);

  const tsc = spawnSync(join(project, "node_modules", ".bin", "tsc"), ["-p", dir], { encoding: "utf8" });
  if (tsc.status !== 0) {
    // snippets/README_md_141.mts(3,5): error … → README.md:143:5: error …
    const report = `${tsc.stdout}${tsc.stderr}`.replace(/(?:snippets\/)?(\w+)\.mts\((\d+),(\d+)\)/g, (whole, name, line, column) => {
      const block = byName.get(name);
      return block ? `${block.file}:${block.firstLine + Number(line) - 1}:${column}` : whole;
    });
    console.error(report.trim());
    process.exit(1);
  }

  let failed = 0;
  for (const block of blocks) {
    const where = `${block.file}:${block.firstLine}`;
    if (!block.run) {
      console.log(`compiled      ${where} (compile-only)`);
      continue;
    }
    const run = spawnSync(process.execPath, ["--import", "./setup.mjs", `./out/${block.name}.mjs`], {
      cwd: dir,
      encoding: "utf8",
      timeout: RUN_LIMIT_MS,
      env: { ...process.env, FOUNT_API_TOKEN: "any-token", FOUNT_BASE_URL: url },
    });
    if (run.status === 0) {
      console.log(`compiled, ran ${where}`);
      continue;
    }
    failed += 1;
    const why =
      run.error?.code === "ETIMEDOUT"
        ? `did not end within ${RUN_LIMIT_MS / 1000} s (a server or client left open?)`
        : `exit ${run.status}`;
    console.error(`FAILED        ${where}: ${why}\n${`${run.stdout}${run.stderr}`.trim()}`);
  }
  if (failed) process.exit(1);
  console.log(`doc snippets: all compile${blocks.some((block) => block.run) ? ", the runnable ones run" : ""} in ${dir}`);
}

main();
