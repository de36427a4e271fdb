import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

export default defineConfig({
  entry: { index: "src/index.ts", cli: "src/cli/main.ts", demo: "src/demo.ts" },
  format: ["cjs", "esm"],
  dts: { entry: { index: "src/index.ts" } },
  outExtension: ({ format }) => ({ js: format === "cjs" ? ".cjs" : ".mjs" }),
  // p-limit and yocto-queue are ESM-only: bundled so the CJS build runs on any Node 20.
  noExternal: ["p-limit", "yocto-queue"],
  target: "node20",
  clean: true,
  shims: true,
  splitting: false,
  define: { __FOUNTFRAME_VERSION__: JSON.stringify(version) },
});
