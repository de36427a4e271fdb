#!/usr/bin/env bash
# The packed tarball as a user gets it: `npm pack`, installed into an empty project with no
# overrides and no host but the registry reachable (every other host through a proxy that refuses),
# then used from CommonJS, ESM, TypeScript, `fountframe/danfo` and `npx fountframe`, against the emulator the package itself starts (`fountframe/emulator`, its own
# entry point, which the main one never loads); then every TypeScript block of the README and docs/
# compiled and run there (scripts/check-doc-snippets.mjs). Last, the repository folder itself
# installed into another empty project (docs/install.md, "From a clone").
#
#   FOUNTFRAME_TARBALL=path/to/fountframe-x.y.z.tgz bash scripts/check-consumer.sh   checks that tarball
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/fountframe-consumer-XXXXXX")
EMULATOR_PID=
cleanup() {
  # npx runs the bin in a child of its own: end the whole process group, not only npx
  if [ -n "$EMULATOR_PID" ]; then kill -- "-$EMULATOR_PID" 2>/dev/null || kill "$EMULATOR_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

[ -f "$ROOT/dist/index.cjs" ] || (cd "$ROOT" && npm run --silent build)
if [ -n "${FOUNTFRAME_TARBALL:-}" ]; then
  TARBALL=$(basename "$FOUNTFRAME_TARBALL")
  cp "$FOUNTFRAME_TARBALL" "$WORK/"
else
  TARBALL=$(cd "$ROOT" && npm pack --silent --pack-destination "$WORK" | tail -1)
fi
echo "== tarball contents"
node "$ROOT/scripts/check-tarball-files.mjs" "$WORK/$TARBALL"
TYPESCRIPT=$(node -p "require('$ROOT/node_modules/typescript/package.json').version")

# Installs see only the registry: npm, and any install script using the usual proxy variables, send
# every other host to a port nothing listens on (a URL dependency or a binary download fails at once).
REGISTRY_HOST=$(node -p "new URL(process.argv[1]).hostname" "$(npm config get registry)")
CLOSED_PORT=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
registry_only() {
  local nowhere="http://127.0.0.1:$CLOSED_PORT"
  env npm_config_proxy="$nowhere" npm_config_https_proxy="$nowhere" npm_config_noproxy="$REGISTRY_HOST" \
    HTTP_PROXY="$nowhere" HTTPS_PROXY="$nowhere" NO_PROXY="$REGISTRY_HOST" \
    http_proxy="$nowhere" https_proxy="$nowhere" no_proxy="$REGISTRY_HOST" "$@"
}

cd "$WORK"
echo '{ "name": "consumer", "private": true }' > package.json
echo "== npm install $TARBALL typescript@$TYPESCRIPT (no overrides; only $REGISTRY_HOST reachable)"
registry_only npm install --prefer-offline --no-audit --no-fund --loglevel=error "./$TARBALL" "typescript@$TYPESCRIPT" @types/node >/dev/null
echo "node_modules: $(du -sm node_modules | cut -f1) MiB"

echo "== npx fountframe --version / emulator"
npx --no-install fountframe --version
setsid npx --no-install fountframe emulator --port 0 > emulator.url 2>/dev/null &
EMULATOR_PID=$!
for _ in $(seq 50); do [ -s emulator.url ] && break; sleep 0.1; done
URL=$(head -1 emulator.url)
[ -n "$URL" ] || { echo "the emulator printed no URL" >&2; exit 1; }

echo "== require (CommonJS)"
URL="$URL" node -e '
const { Client, FountError } = require("fountframe");
const client = new Client({ authToken: "t", baseUrl: process.env.URL, verbose: false });
client.regions().then(async (frame) => { console.log("regions", frame.shape.join(" x ")); await client.aclose(); });
'
echo "== require(\"fountframe/emulator\"), and require(\"fountframe\") loads none of it"
node -e '
const emulatorFiles = () => Object.keys(require.cache).filter((file) => file.includes("emulator"));
const { Client } = require("fountframe");
if (emulatorFiles().length > 0) throw new Error(`require("fountframe") loaded ${emulatorFiles()}`);
const { startEmulator } = require("fountframe/emulator");
if (emulatorFiles().length === 0) throw new Error("the check sees no emulator file even after loading it");
startEmulator({ port: 0 }).then(async (emulator) => {
  const client = new Client("t", { baseUrl: emulator.url, verbose: false });
  console.log("years", (await client.years()).shape.join(" x "), "from", emulator.url);
  await client.aclose();
  await emulator.close();
});
'
echo "== import(\"fountframe\") loads no emulator file; import(\"fountframe/emulator\") works"
node --input-type=module -e '
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";
// a loader hook that reports every module ESM loads, so the check sees files, not exports
const { port1, port2 } = new MessageChannel();
const loaded = [];
port1.on("message", (url) => loaded.push(url));
port1.unref();
const hooks = "let port; export function initialize(data) { port = data.port; }"
  + " export async function load(url, context, next) { port.postMessage(url); return next(url, context); }";
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { port: port2 }, transferList: [port2] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
const emulatorFiles = () => loaded.filter((url) => url.includes("/node_modules/fountframe/") && url.includes("emulator"));
const { Client } = await import("fountframe");
await settle();
if (!loaded.some((url) => url.includes("/node_modules/fountframe/"))) throw new Error("the loader hook saw nothing");
if (emulatorFiles().length > 0) throw new Error(`import("fountframe") loaded ${emulatorFiles()}`);
const { startEmulator } = await import("fountframe/emulator");
await settle();
if (emulatorFiles().length === 0) throw new Error("the check sees no emulator file even after loading it");
const emulator = await startEmulator({ port: 0 });
const client = new Client("t", { baseUrl: emulator.url, verbose: false });
console.log("sectors", (await client.sectors()).shape.join(" x "), "from", emulator.url);
await client.aclose();
await emulator.close();
'
echo "== the worker threads' scripts are found beside each build, are no package export, and a wide Parquet file is encoded on its thread"
node -e '
const { existsSync } = require("node:fs");
const { dirname, join } = require("node:path");
for (const name of ["decodeWorker", "parquetWorker"]) {
  const script = join(dirname(require.resolve("fountframe")), `${name}.cjs`);
  if (!existsSync(script)) throw new Error(`no ${script} beside the CommonJS build`);
}
try {
  require.resolve("fountframe/decode-worker");
  throw new Error("fountframe/decode-worker is exported");
} catch (error) {
  if (error.code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") throw error;
}
'
# a wide file's encoding goes to its thread on a machine of four cores or more (this one is told it has
# eight): a thread whose script fails to load fails the write
WIDE_RECORDS='Array.from({ length: 4200 }, (_, row) => Object.fromEntries([["id", row], ...Array.from({ length: 250 }, (_, c) => [`m${c}`, (row * c) % 1000 / 10])]))'
node -e '
require("node:os").availableParallelism = () => 8;
const { writeParquet } = require("fountframe");
writeParquet('"$WIDE_RECORDS"', "wide-cjs.parquet").then((summary) => console.log("require: wide Parquet,", summary.rows, "rows"));
'
URL="$URL" node --input-type=module -e '
import { existsSync } from "node:fs";
import os from "node:os";
import { syncBuiltinESMExports } from "node:module";
os.availableParallelism = () => 8;
syncBuiltinESMExports();
const { writeParquet } = await import("fountframe");
for (const name of ["decodeWorker", "parquetWorker"]) {
  const script = new URL(`./${name}.mjs`, import.meta.resolve("fountframe"));
  if (!existsSync(script)) throw new Error(`no ${script} beside the ESM build`);
}
console.log("import: wide Parquet,", (await writeParquet('"$WIDE_RECORDS"', "wide-esm.parquet")).rows, "rows");
// and a pull decoded by two threads, from this --input-type=module process (the threads must not inherit it)
const { Client } = await import("fountframe");
const client = new Client({ authToken: "t", baseUrl: process.env.URL, verbose: false, threads: 2 });
console.log("import: brandscape data decoded by 2 threads,", (await client.brandscapeData({ studies: 1, perPage: 25 })).shape.join(" x "));
await client.aclose();
'
echo "== import (ESM)"
URL="$URL" node --input-type=module -e '
import { Client, writeCSV } from "fountframe";
const client = new Client({ authToken: "t", baseUrl: process.env.URL, verbose: false });
const frame = await client.countries({ regions: 3 });
const summary = await writeCSV(frame, "countries.csv");
console.log("countries", frame.shape.join(" x "), "→", summary.rows, "CSV rows");
await client.aclose();
'
echo "== TypeScript (moduleResolution node16, from the package's own types)"
cat > check.ts <<'EOF'
import { Client, type EndpointOptions } from "fountframe";
type BrandsOptions = EndpointOptions<"brands">;
import { startEmulator, type EmulatorOptions } from "fountframe/emulator";
const emulatorOptions: EmulatorOptions = { port: 0, latencyMs: 5 };
export const emulator = () => startEmulator(emulatorOptions);
const options: BrandsOptions = { countryCodes: ["US"], yearNumbers: 2024 };
// @ts-expect-error a misspelt filter is a type error
const wrong: BrandsOptions = { countryCode: "US" };
export const pull = (client: Client) => client.brands(options);
// exported values of inferred types, as tslab makes of every notebook cell's variables: each type
// they reach must be nameable from the package ("… has or is using name X … but cannot be named")
export const raw = (client: Client) => client.rawQuery("brands");
export const rawItem = (client: Client) => client.rawQuery("studies/1/brands");
export const pages = (client: Client) => client.pages("brandscapeData", { studies: [1] });
export const rawPages = (client: Client) => client.rawPages("countries");
export const tool = (client: Client) => client.tools.brandWorthMap({ brands: 1, studies: 1 });
export const tools = (client: Client) => client.tools.list();
// a pulled frame is fountframe/danfo's DataFrame, typed (not `any` from an unresolved danfojs-node)
import type { DataFrame } from "fountframe/danfo";
type IsAny<T> = 0 extends 1 & T ? true : false;
const typed: IsAny<Awaited<ReturnType<Client["regions"]>>> = false;
export const frame = (client: Client): Promise<DataFrame> => client.regions();
// danfo's own methods return its base classes: nameable from fountframe/danfo too (a tslab cell)
export const top = async (client: Client) => (await client.regions()).sortValues("id").head(3);
export const grouped = async (client: Client) => (await client.regions()).groupby(["id"]);
export { typed };
EOF
# skipLibCheck: danfo's own declarations (dist/danfo.d.ts) name packages whose types are not installed (table, papaparse, request, plotly)
npx --no-install tsc --strict --skipLibCheck --module node16 --moduleResolution node16 --types node --declaration --emitDeclarationOnly --outDir decl check.ts

echo "== fountframe/danfo: danfo's own functions on fountframe's frames, from require and import"
URL="$URL" node -e '
const dfd = require("fountframe/danfo");
const { Client } = require("fountframe");
const client = new Client({ authToken: "t", baseUrl: process.env.URL, verbose: false });
client.regions().then(async (regions) => {
  if (!(regions instanceof dfd.DataFrame)) throw new Error("a pulled frame is not a fountframe/danfo DataFrame");
  const both = dfd.concat({ dfList: [regions, regions], axis: 0 });
  const json = dfd.toJSON(regions);
  const merged = dfd.merge({ left: regions, right: regions, on: ["id"], how: "inner" });
  const counts = regions.groupby(["id"]).agg({ id: "count" });
  console.log("concat", both.shape.join(" x "), "toJSON", json.length, "merge", merged.shape.join(" x "), "groupby", counts.shape.join(" x "));
  await client.aclose();
});
'
node --input-type=module -e '
import * as dfd from "fountframe/danfo";
import { createRequire } from "node:module";
if (dfd.DataFrame !== createRequire(import.meta.url)("fountframe/danfo").DataFrame) throw new Error("import and require load two danfos");
const frame = new dfd.DataFrame({ a: [1, 2, 4] });
console.log("import: median", frame.a.median(), "sum", frame.a.sum());
'

echo "== fountframe/store without its optional peer @duckdb/node-api: an error naming the install command"
node -e '
const { openStore } = require("fountframe/store");
openStore("absent.duckdb").then(
  () => { throw new Error("openStore opened a store without @duckdb/node-api"); },
  (error) => {
    if (!/npm install @duckdb\/node-api/.test(error.message)) throw error;
    console.log("without DuckDB:", error.message);
  },
);
'
DUCKDB=$(node -p "require('$ROOT/node_modules/@duckdb/node-api/package.json').version")
echo "== npm install @duckdb/node-api@$DUCKDB (prebuilt platform package from the registry); sync from CommonJS and ESM"
registry_only npm install --prefer-offline --no-audit --no-fund --loglevel=error "@duckdb/node-api@$DUCKDB" >/dev/null
URL="$URL" node -e '
const { Client } = require("fountframe");
const { openStore } = require("fountframe/store");
(async () => {
  const client = new Client({ authToken: "t", baseUrl: process.env.URL, verbose: false });
  const store = await openStore("cjs.duckdb");
  const first = await client.sync(store, "brands", {});
  const again = await client.sync(store, "brands", {});
  if (first.mode !== "full" || again.mode !== "incremental" || again.added + again.updated + again.removed !== 0) throw new Error(JSON.stringify([first, again]));
  const frame = await store.query("SELECT count(*) AS n FROM brands");
  console.log("require: brands synced,", frame.column("n").values[0], "rows;", JSON.stringify(await store.tables()).length, "bytes of state");
  await store.close();
  await client.aclose();
})();
'
URL="$URL" node --input-type=module -e '
import { Client } from "fountframe";
import { openStore } from "fountframe/store";
const client = new Client({ authToken: "t", baseUrl: process.env.URL, verbose: false });
const store = await openStore("esm.duckdb");
const report = await client.sync(store, "brandscapeData", { studies: [1], metricKeys: "differentiation" });
console.log("import: brandscape synced,", report.rows, "rows");
await store[Symbol.asyncDispose]();
await client.aclose();
'
echo "== README.md and docs/: every TypeScript block compiles (strict + skipLibCheck) and runs against the emulator"
node "$ROOT/scripts/check-doc-snippets.mjs" --project "$WORK" --url "$URL"
echo "== from the repository folder: npm install <clone> (docs/install.md)"
mkdir "$WORK/from-folder"
cd "$WORK/from-folder"
echo '{ "name": "from-folder", "private": true }' > package.json
registry_only npm install --prefer-offline --no-audit --no-fund --loglevel=error "$ROOT" >/dev/null
node -e 'const { Client } = require("fountframe"); const dfd = require("fountframe/danfo"); console.log("require:", typeof Client, typeof dfd.concat)'
node --input-type=module -e 'const { Client } = await import("fountframe"); console.log("import:", typeof Client)'
echo "consumer check passed"
