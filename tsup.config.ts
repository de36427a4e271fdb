import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Metafile, Plugin } from "esbuild";
import { defineConfig } from "tsup";

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
const EMULATOR_ENTRY = resolve("src/emulator/index.ts");
const DANFO_ENTRY = resolve("src/danfo/index.ts");
const extensionOf = (format: string | undefined): string => (format === "cjs" ? ".cjs" : ".mjs");

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

/**
 * DuckDB (`@duckdb/node-api`, an optional peer) is loaded at run time by the store alone
 * (src/store/loadDuckDB.ts), never bundled: its bindings are a native binary per platform, which a
 * bundle cannot hold, and nothing but a store's use should load it (a bundle with every
 * dependency inside, as tests/helpers/bundle.ts makes for a user who cannot read the clone,
 * included).
 */
const duckdbLoadedAtRunTime: Plugin = {
  name: "duckdb-loaded-at-run-time",
  setup(build) {
    build.onResolve({ filter: /^@duckdb\// }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * danfo is its own entry point (`fountframe/danfo`, src/danfo/index.ts): the other entries load the
 * built dist/danfo.* beside them, so there is one copy of danfo and user code's `dfd.DataFrame` is
 * the class of fountframe's frames.
 */
const danfoAsItsOwnFile: Plugin = {
  name: "danfo-as-its-own-file",
  setup(build) {
    const extension = extensionOf(build.initialOptions.format);
    build.onResolve({ filter: /(^|\/)danfo$/ }, async (args) => {
      if (args.pluginData === "resolving") return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: "resolving" });
      if (resolved.path !== DANFO_ENTRY) return undefined;
      return { path: `./danfo${extension}`, external: true };
    });
  },
};

/**
 * dist/danfo.cjs: danfojs-node's own code and its dependencies in one file, with the pure-JS
 * TensorFlow core for `@tensorflow/tfjs-node` (src/danfo/tensorflow.ts), the registry's xlsx, and
 * mathjs initialised on first use (src/frame/danfo/lazyMathjs.cjs). dist/danfo.mjs re-exports the CommonJS
 * file, so `import` and `require` share one danfo.
 */
const bundledDanfo: Plugin = {
  name: "bundled-danfo",
  setup(build) {
    if (build.initialOptions.format !== "cjs") {
      build.onLoad({ filter: /src\/danfo\/index\.ts$/ }, () => ({ contents: 'export * from "./danfo.cjs";', loader: "js" }));
      build.onResolve({ filter: /^\.\/danfo\.cjs$/ }, (args) => ({ path: args.path, external: true }));
      return;
    }
    // danfo's readers reach URLs through `request` and `node-fetch` (and tfjs-core's `tf.io.http`
    // through node-fetch): with their ~50 packages (tough-cookie, ajv, sshpk, …, `request` deprecated)
    // they are left out; a call says so. Local files (readCSV, readExcel, toCSV, …) still work.
    build.onResolve({ filter: /^(request|node-fetch)$/ }, (args) => ({ path: args.path, namespace: "not-bundled" }));
    build.onLoad({ filter: /.*/, namespace: "not-bundled" }, (args) => ({ contents: notBundled(args.path), loader: "js" }));
    // The bundled tfjs keeps its engine and kernel registry to itself: tfjs finds them on globalThis
    // (`_tfengine`, `_tfGlobals`), where a danfojs-node the user also loads has its own tfjs keep
    // theirs, and two tfjs sharing them re-register every kernel, with a warning each (~170).
    // (the build reads tfjs-core's ES modules: global_util.js and engine.js name them)
    build.onLoad({ filter: /@tensorflow[\\/]tfjs-core[\\/]dist[\\/](global_util|engine)\.js$/ }, (args) => ({
      contents: readFileSync(args.path, "utf8")
        .replace(/\b_tfGlobals\b/g, "_fountframeTfGlobals")
        .replace(/\b_tfengine\b/g, "_fountframeTfEngine"),
      loader: "js",
    }));
    // dist/danfo-bundled-packages.json: every package in the bundle, its version and licence
    // (scripts/check-danfo-bundle.mjs compares it with the committed list and asks the registry)
    build.onEnd(async (result) => {
      if (!result.metafile) return;
      const outdir = build.initialOptions.outdir ?? resolve("dist");
      const { mkdir, writeFile } = await import("node:fs/promises");
      await mkdir(outdir, { recursive: true });
      await writeFile(resolve(outdir, "danfo-bundled-packages.json"), JSON.stringify(bundledPackagesOf(result.metafile), null, 2) + "\n");
    });
    build.onResolve({ filter: /^@tensorflow\/tfjs-node$/ }, () => ({ path: resolve("src/danfo/tensorflow.ts") }));
    build.onResolve({ filter: /^mathjs$/ }, (args) =>
      args.importer.endsWith("lazyMathjs.cjs") ? undefined : { path: resolve("src/frame/danfo/lazyMathjs.cjs") },
    );
    // danfo requires plotly only in a browser (`typeof window !== "undefined"`)
    build.onResolve({ filter: /^plotly\.js-dist-min$/ }, (args) => ({ path: args.path, external: true }));
  },
};

interface BundledPackage {
  name: string;
  version: string;
  license: string;
}

/** The packages a bundle's inputs come from (by their node_modules folder), with version and licence, in name order. */
function bundledPackagesOf(metafile: Metafile): BundledPackage[] {
  const folders = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) folders.add(match[1]);
  }
  const found = new Map<string, BundledPackage>();
  for (const folder of folders) {
    const manifest = JSON.parse(readFileSync(resolve(folder, "package.json"), "utf8")) as {
      name: string;
      version: string;
      license?: string | { type?: string };
      licenses?: { type?: string }[];
    };
    const license =
      typeof manifest.license === "string"
        ? manifest.license
        : (manifest.license?.type ?? manifest.licenses?.map((entry) => entry.type).join(" OR ") ?? licenseFileKind(folder));
    found.set(`${manifest.name}@${manifest.version}`, { name: manifest.name, version: manifest.version, license });
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** A package without a `license` field (typed-function 2.1.0): what its LICENSE file says. */
function licenseFileKind(folder: string): string {
  const file = readdirSync(folder).find((name) => /^licen[cs]e/i.test(name));
  if (!file) return "UNKNOWN";
  return /\bMIT License\b/i.test(readFileSync(resolve(folder, file), "utf8")) ? "MIT" : `see ${file}`;
}

/** A module standing in for `name`: loading it is harmless, calling it says what is missing. */
function notBundled(name: string): string {
  const message = `fountframe/danfo does not bundle "${name}": danfo cannot read from a URL here. Download the file and read it from disk, or fetch it yourself and pass the data.`;
  return `const fail = () => { throw new Error(${JSON.stringify(message)}); };
module.exports = Object.assign(fail, { get: fail, post: fail, default: fail });`;
}

const main = defineConfig({
  // decodeWorker, parquetWorker: the worker threads' scripts, found beside the bundle at run time (src/threads/workerScript.ts);
  // not a package export, and without declarations: its messages are internal
  entry: {
    index: "src/index.ts",
    emulator: "src/emulator/index.ts",
    store: "src/store/index.ts",
    cli: "src/cli/main.ts",
    demo: "src/demo.ts",
    decodeWorker: "src/decode/decodePage.worker.ts",
    parquetWorker: "src/export/parquetFile.worker.ts",
  },
  format: ["cjs", "esm"],
  // danfo's declarations are inlined into dist/danfo.d.ts alone (a user's project has no danfojs-node
  // to read them from): src/danfo names danfojs-node's files by path, which are resolved, while the
  // other entries' "danfojs-node" stays an import that scripts/link-danfo-declarations.mjs (run by scripts/finish-declarations.mjs) points
  // at ./danfo.js, so a user's declarations name the types as "fountframe/danfo" (as tslab's do).
  dts: {
    entry: {
      index: "src/index.ts",
      emulator: "src/emulator/index.ts",
      store: "src/store/index.ts",
      danfo: DANFO_ENTRY,
    },
    resolve: [/^danfojs-node\//, /^\.\.?\//],
  },
  outExtension: ({ format }) => ({ js: format === "cjs" ? ".cjs" : ".mjs" }),
  // p-limit and yocto-queue are ESM-only: bundled so the CJS build runs on any Node 20.
  noExternal: ["p-limit", "yocto-queue"],
  esbuildPlugins: [emulatorAsItsOwnFile, danfoAsItsOwnFile, duckdbLoadedAtRunTime],
  target: "node20",
  // dist/danfo.{cjs,mjs} is the other config's, built at the same time
  clean: ["!danfo.{cjs,mjs}"],
  shims: true,
  splitting: false,
  define: { __FOUNTFRAME_VERSION__: JSON.stringify(version), __FOUNTFRAME_DANFO_BUNDLED__: "true" },
});

const danfo = defineConfig({
  entry: { danfo: "src/danfo/index.ts" },
  format: ["cjs", "esm"],
  // its declarations come with the other entries' (above)
  dts: false,
  outExtension: ({ format }) => ({ js: extensionOf(format) }),
  noExternal: [/./],
  esbuildPlugins: [bundledDanfo],
  // for dist/danfo-bundled-packages.json (tsup's own `metafile` would ship the metafile in dist/)
  esbuildOptions(options) {
    options.metafile = true;
  },
  platform: "node",
  target: "node20",
  splitting: false,
});

export default [main, danfo];
