// The files of src/ whose code runs during one call, by V8's own coverage: the call path a reader
// of that call follows. Usage: node scripts/call-path-files.mjs [method] (default brandscapeData: a
// study's rows from the built-in emulator, decoded on the main thread: a worker writes its own). Loading the
// modules, starting the emulator and the client come before the count: only the call is measured.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../..");
const [method = "brandscapeData"] = process.argv.slice(2);
const GETTER_LENGTH = 48;
const ARGS = { brandscapeData: [{ studies: [1] }] };

const child = `
const v8 = require("node:v8");
const { Client } = require(${JSON.stringify(join(root, "src/client/client.ts"))});
const { startEmulator } = require(${JSON.stringify(join(root, "src/emulator"))});
(async () => {
  const emulator = await startEmulator({ rateLimit: false });
  const client = new Client("token", { baseUrl: emulator.url, verbose: false, threads: 0 });
  await client.countries({ perPage: 1, maxPages: 1 }); // lazy parts (danfo) loaded before the count
  v8.takeCoverage();
  const frame = await client.${method}(...${JSON.stringify(ARGS[method] ?? [])});
  v8.takeCoverage();
  v8.stopCoverage();
  console.error(frame.shape.join(" x "));
  await client.aclose();
  await emulator.close();
})();
`;
const dir = mkdtempSync(join(tmpdir(), "call-path-"));
const run = spawnSync(process.execPath, ["--import", "tsx", "-e", child], {
  cwd: root,
  env: { ...process.env, NODE_V8_COVERAGE: dir },
  encoding: "utf8",
});
if (run.status !== 0) {
  process.stderr.write(run.stderr);
  process.exit(1);
}
// one file per takeCoverage and one at exit (coverage-PID-TIME-N.json): in time order, the second is the call
const files = readdirSync(dir)
  .filter((name) => name.endsWith(".json"))
  .sort((a, b) => Number(a.split("-")[2]) - Number(b.split("-")[2]))
  .slice(1, 2);
const counted = new Map();
for (const name of files) {
  for (const script of JSON.parse(readFileSync(join(dir, name), "utf8")).result) {
    if (!script.url.startsWith("file://")) continue;
    const path = relative(root, fileURLToPath(script.url));
    if (!path.startsWith("src/") || path.startsWith("src/emulator/")) continue;
    // the compiler's export getters (`name: () => name`) and name helpers are a few characters
    // long: reading a constant or passing through a barrel runs nothing of the file's own code
    const ran = script.functions
      .filter(
        ({ functionName, ranges: [whole] }) =>
          functionName !== "" && whole.count > 0 && whole.endOffset - whole.startOffset > GETTER_LENGTH,
      )
      .map((fn) => fn.functionName);
    if (ran.length) counted.set(path, ran);
  }
}
rmSync(dir, { recursive: true, force: true });
const paths = [...counted.keys()].sort();
for (const path of paths) console.log(`${path}  ${[...new Set(counted.get(path))].slice(0, 6).join(", ")}`);
console.log(`${paths.length} files of src/ ran during client.${method}() (${run.stderr.trim()})`);
