#!/usr/bin/env bash
# The packed tarball as a user gets it: `npm pack`, installed into an empty project (with the
# danfojs-node overrides the README tells users to add), then used from CommonJS, ESM, TypeScript
# and `npx fountframe`, against the emulator the package itself starts; then every TypeScript block
# of the README and docs/ compiled and run there (scripts/check-doc-snippets.mjs).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/fountframe-consumer-XXXXXX")
EMULATOR_PID=
cleanup() {
  if [ -n "$EMULATOR_PID" ]; then kill "$EMULATOR_PID" 2>/dev/null || true; fi
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
npx --no-install fountframe emulator --port 0 > emulator.url 2>/dev/null &
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
const options: BrandsOptions = { countryCodes: ["US"], yearNumbers: 2024 };
// @ts-expect-error a misspelt filter is a type error
const wrong: BrandsOptions = { countryCode: "US" };
export const pull = (client: Client) => client.brands(options);
EOF
# skipLibCheck: danfojs-node's own declarations name packages it does not depend on (request, plotly, papaparse)
npx --no-install tsc --noEmit --strict --skipLibCheck --module node16 --moduleResolution node16 --types node check.ts

echo "== README.md and docs/: every TypeScript block compiles (strict + skipLibCheck) and runs against the emulator"
node "$ROOT/scripts/check-doc-snippets.mjs" --project "$WORK" --url "$URL"
echo "consumer check passed"
