import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "esbuild";
import { defineConfig } from "tsup";

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
const EMULATOR_ENTRY = resolve("src/emulator/index.ts");

/**
 * The emulator is its own entry point (`fountframe/emulator`): the CLI and the demo load the built
 * dist/emulator.* beside them instead of bundling a copy of it.
 */
const emulatorAsItsOwnFile: Plugin = {
  name: "emulator-as-its-own-file",
  setup(build) {
    const extension = build.initialOptions.format === "cjs" ? ".cjs" : ".mjs";
    build.onResolve({ filter: /(^|\/)emulator$/ }, async (args) => {
      if (args.pluginData === "resolving") return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: "resolving" });
      if (resolved.path !== EMULATOR_ENTRY || args.importer.startsWith(resolve("src/emulator"))) return undefined;
      return { path: `./emulator${extension}`, external: true };
    });
  },
};

export default defineConfig({
  // decodeWorker: the worker threads' script, found beside the bundle at run time (src/decode/decodePool.ts);
  // not a package export, and without declarations: its messages are internal
  entry: {
    index: "src/index.ts",
    emulator: "src/emulator/index.ts",
    cli: "src/cli/main.ts",
    demo: "src/demo.ts",
    decodeWorker: "src/decode/decodePage.worker.ts",
  },
  format: ["cjs", "esm"],
  dts: { entry: { index: "src/index.ts", emulator: "src/emulator/index.ts" } },
  outExtension: ({ format }) => ({ js: format === "cjs" ? ".cjs" : ".mjs" }),
  // p-limit and yocto-queue are ESM-only: bundled so the CJS build runs on any Node 20.
  noExternal: ["p-limit", "yocto-queue"],
  esbuildPlugins: [emulatorAsItsOwnFile],
  target: "node20",
  clean: true,
  shims: true,
  splitting: false,
  define: { __FOUNTFRAME_VERSION__: JSON.stringify(version) },
});
