#!/usr/bin/env bash
# fountframe under `deno run`, as a Deno user's project has it: a folder with a package.json naming
# fountframe, a deno.json with "nodeModulesDir": "manual", the package in node_modules/ (linked
# here: FOUNTFRAME_PACKAGE_DIR, default this repo, built). A script imports the main entry as
# `npm:fountframe`, the emulator and danfo entries by bare name, pulls from the emulator and prints
# a frame. The Deno is this repo's devDependency `deno` (its binary from the npm registry).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGE_DIR=${FOUNTFRAME_PACKAGE_DIR:-$ROOT}
[ -f "$PACKAGE_DIR/dist/index.mjs" ] || { echo "error: $PACKAGE_DIR/dist is not built (npm run build)" >&2; exit 1; }
DENO=$(cd "$ROOT" && node -p 'require("./node_modules/deno/install_api.cjs").runInstall()')
WORK=$(mktemp -d "${TMPDIR:-/tmp}/fountframe-deno-XXXXXX")
trap 'rm -rf "$WORK"' EXIT

mkdir -p "$WORK/node_modules"
ln -s "$PACKAGE_DIR" "$WORK/node_modules/fountframe"
printf '{ "private": true, "dependencies": { "fountframe": "*" } }\n' > "$WORK/package.json"
printf '{ "nodeModulesDir": "manual" }\n' > "$WORK/deno.json"
cat > "$WORK/main.ts" <<'TS'
import { Client, show, type DataFrame } from "npm:fountframe";
import { startEmulator } from "fountframe/emulator";
import * as dfd from "fountframe/danfo";

const emulator = await startEmulator();
try {
  await using client = new Client("demo-token", { baseUrl: emulator.url, verbose: false });
  const frame: DataFrame = await client.brandscapeData({ studies: [1], metricKeys: ["brand_strength"] });
  if (!(frame instanceof dfd.DataFrame)) throw new Error("the frame is not fountframe/danfo's DataFrame");
  show(frame.sortValues("brand_strength", { ascending: false }), { rows: 5, columns: ["brand_name", "brand_strength"] });
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
echo "deno check passed"
