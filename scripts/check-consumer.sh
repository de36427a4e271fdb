#!/usr/bin/env bash
# The packed tarball as a user gets it: `npm pack`, installed into an empty project (with the
# danfojs-node overrides the README tells users to add), then used from CommonJS, ESM, TypeScript
# and `npx fountframe`, against the emulator the package itself starts (`fountframe/emulator`, its own
# entry point, which the main one never loads); then every TypeScript block of the README and docs/
# compiled and run there (scripts/check-doc-snippets.mjs).
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

[ -f "$ROOT/dist/index.cjs" ] || (cd "$ROOT" && npx --no-install tsup --silent)
TARBALL=$(cd "$ROOT" && npm pack --silent --pack-destination "$WORK" | tail -1)
echo "== tarball contents"
node "$ROOT/scripts/check-tarball-files.mjs" "$WORK/$TARBALL"
OVERRIDES=$(node -p "JSON.stringify((({ xlsx, '@tensorflow/tfjs-node': tfjs }) => ({ xlsx, '@tensorflow/tfjs-node': tfjs }))(require('$ROOT/package.json').overrides))")
TYPESCRIPT=$(node -p "require('$ROOT/node_modules/typescript/package.json').version")

cd "$WORK"
cat > package.json <<EOF
{ "name": "consumer", "private": true, "overrides": $OVERRIDES }
EOF
echo "== npm install $TARBALL typescript@$TYPESCRIPT"
npm install --prefer-offline --no-audit --no-fund --loglevel=error "./$TARBALL" "typescript@$TYPESCRIPT" @types/node >/dev/null

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
echo "== the worker threads' script is found beside each build, and is not a package export"
node -e '
const { existsSync } = require("node:fs");
const { dirname, join } = require("node:path");
const script = join(dirname(require.resolve("fountframe")), "decodeWorker.cjs");
if (!existsSync(script)) throw new Error(`no ${script} beside the CommonJS build`);
try {
  require.resolve("fountframe/decode-worker");
  throw new Error("fountframe/decode-worker is exported");
} catch (error) {
  if (error.code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") throw error;
}
'
node --input-type=module -e '
import { existsSync } from "node:fs";
const script = new URL("./decodeWorker.mjs", import.meta.resolve("fountframe"));
if (!existsSync(script)) throw new Error(`no ${script} beside the ESM build`);
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
import { Client, type BrandsOptions } from "fountframe";
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
EOF
# skipLibCheck: danfojs-node's own declarations name packages it does not depend on (request, plotly, papaparse)
npx --no-install tsc --strict --skipLibCheck --module node16 --moduleResolution node16 --types node --declaration --emitDeclarationOnly --outDir decl check.ts

echo "== README.md and docs/: every TypeScript block compiles (strict + skipLibCheck) and runs against the emulator"
node "$ROOT/scripts/check-doc-snippets.mjs" --project "$WORK" --url "$URL"
echo "consumer check passed"
