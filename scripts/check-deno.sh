#!/usr/bin/env bash
# fountframe under `deno run`, as a Deno user's project has it: a folder with a package.json naming
# fountframe, a deno.json with "nodeModulesDir": "manual", the package in node_modules/ (linked
# here: FOUNTFRAME_PACKAGE_DIR, default this repo, built). A script imports the main entry as
# `npm:fountframe`, the emulator, danfo and store entries by bare name, pulls from the emulator,
# prints a frame and syncs a resource into a DuckDB store (@duckdb/node-api, linked from this repo's
# devDependencies as a user installs it beside fountframe). Then `deno check` of the same script: the
# declarations as Deno reads them, with @types/node beside (Deno reads `node:` types from there in a
# manual node_modules). The Deno is this repo's devDependency `deno` (its binary from the npm registry).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGE_DIR=${FOUNTFRAME_PACKAGE_DIR:-$ROOT}
[ -f "$PACKAGE_DIR/dist/index.mjs" ] || { echo "error: $PACKAGE_DIR/dist is not built (npm run build)" >&2; exit 1; }
DENO=$(cd "$ROOT" && node -p 'require("./node_modules/deno/install_api.cjs").runInstall()')
WORK=$(mktemp -d "${TMPDIR:-/tmp}/fountframe-deno-XXXXXX")
trap 'rm -rf "$WORK"' EXIT

mkdir -p "$WORK/node_modules/@duckdb" "$WORK/node_modules/@types"
ln -s "$ROOT/node_modules/@types/node" "$WORK/node_modules/@types/node"
# the package as npm puts it: a folder in node_modules (Deno checks code outside node_modules as the
# user's own, so a link to the clone would be checked as such), its dependencies beside it
mkdir -p "$WORK/node_modules/fountframe"
cp -R "$PACKAGE_DIR/package.json" "$PACKAGE_DIR/dist" "$WORK/node_modules/fountframe/"
ln -s "$ROOT/node_modules" "$WORK/node_modules/fountframe/node_modules"
for duckdb in "$ROOT"/node_modules/@duckdb/*; do ln -s "$duckdb" "$WORK/node_modules/@duckdb/$(basename "$duckdb")"; done
printf '{ "private": true, "dependencies": { "fountframe": "*", "@duckdb/node-api": "*" }, "devDependencies": { "@types/node": "*" } }\n' > "$WORK/package.json"
printf '{ "nodeModulesDir": "manual" }\n' > "$WORK/deno.json"
cat > "$WORK/main.ts" <<'TS'
import { Client, longScores, show, type DataFrame } from "npm:fountframe";
import { startEmulator } from "fountframe/emulator";
import * as dfd from "fountframe/danfo";
import { openStore } from "fountframe/store";

const emulator = await startEmulator();
try {
  await using client = new Client("demo-token", { baseUrl: emulator.url, verbose: false });
  const frame: DataFrame = await client.brandscapeData({ studies: [1], audiences: [1], metricKeys: ["brand_strength"] });
  if (!(frame instanceof dfd.DataFrame)) throw new Error("the frame is not fountframe/danfo's DataFrame");
  show(frame.sortValues("brand_strength_c", { ascending: false }), { rows: 5, columns: ["brand_name", "brand_strength_c"] });
  const long: DataFrame = await longScores(frame, { client, scoreTypes: "construct" });
  console.log(`long scores: ${long.shape[0]} rows`);
  await using store = await openStore(`${Deno.cwd()}/fount.duckdb`);
  const report = await client.sync(store, "regions", {});
  const stored = await store.query("SELECT count(*) AS n FROM regions");
  console.log(`synced regions: ${report.added} rows added, ${stored.column("n").values[0]} in the store`);
} finally {
  await emulator.close();
}
TS

echo "== deno run main.ts ($("$DENO" --version | head -1))"
output=$(cd "$WORK" && NO_COLOR=1 "$DENO" run --allow-all main.ts 2>&1) || { echo "$output" >&2; exit 1; }
echo "$output"
if ! grep -qE '^\[[0-9]+ rows × 2 columns; first 5 rows shown\]$' <<<"$output"; then
  echo "error: deno run printed no frame" >&2
  exit 1
fi
if ! grep -qE '^synced regions: ([1-9][0-9]*) rows added, \1 in the store$' <<<"$output"; then
  echo "error: deno run synced no store" >&2
  exit 1
fi
echo "== deno check main.ts"
(cd "$WORK" && NO_COLOR=1 "$DENO" check main.ts) || { echo "error: deno check failed on a user's script" >&2; exit 1; }
# A package installed from a clone (`npm install ../fountframe`, docs/install.md) is a link, and Deno
# checks what a link leads to as the user's own code: the ESM declarations must name files that exist
# there (./danfo.mjs, the chunks' stub modules), which `./danfo.js` did not.
LINKED="$WORK/linked"
mkdir -p "$LINKED/node_modules/@types"
ln -s "$PACKAGE_DIR" "$LINKED/node_modules/fountframe"
ln -s "$ROOT/node_modules/@types/node" "$LINKED/node_modules/@types/node"
cp "$WORK/package.json" "$WORK/deno.json" "$LINKED/"
cat > "$LINKED/second-hour.ts" <<'TS'
import { Client, longScores, show, type DataFrame } from "fountframe";
import { startEmulator } from "fountframe/emulator";

const emulator = await startEmulator();
await using client = new Client("demo-token", { baseUrl: emulator.url, verbose: false });
const wide: DataFrame = await client.brandscapeData({ studies: await client.mainStudy("DE", 2024), metricKeys: ["esteem"] });
await show(await longScores(wide, { client, scoreTypes: "construct" }), { rows: 3 });
await emulator.close();
TS
echo "== deno check second-hour.ts, fountframe linked from a clone"
(cd "$LINKED" && NO_COLOR=1 "$DENO" check second-hour.ts) || { echo "error: deno check failed on a script using a linked fountframe" >&2; exit 1; }
echo "deno run and deno check passed"
