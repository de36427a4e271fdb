// `npm run lint`: typescript-eslint's recommended rules, plus the house rules that keep the shape
// of the code: no import cycle, imports that follow the direction of a call, an emulator that
// imports nothing of the client's, and no casts that switch the type checker off.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";
import localRules from "./lint/importCycle.mjs";

/**
 * `x as never` and `x as unknown as T` silence the checker. The one place that needs it,
 * src/frame/danfo/frameStorage.ts (danfo's storage fields, which its types do not declare), says why.
 */
const NO_CHECKER_BYPASS = [
  {
    selector: "TSAsExpression[typeAnnotation.type='TSNeverKeyword']",
    message: "`as never` switches the type checker off: type the value instead.",
  },
  {
    selector: "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
    message: "`as unknown as` switches the type checker off: type the value instead.",
  },
];

/** "a b c" → the folders src/a, src/b, src/c */
const modules = (names) => names.split(" ").map((name) => `./src/${name}`);

/**
 * The direction of a call (options → Query → pull → transport, decode → rows → frame): a stage
 * imports the stages after it, never one before it; the emulator (the service's stand-in) imports nothing of the client's. docs/architecture.md
 * draws the rooms. tests/unit/directionZones.test.ts lints a file breaking each zone and checks that
 * it is refused.
 */
export const DIRECTION_ZONES = {
  frameLast: {
    target: "./src/frame",
    from: modules("client pull transport query params endpoints rows cache decode tools cli export display progress"),
    message: "frame shapes the records it is handed: it reads no endpoint table, query, page or transport (pass what it needs in).",
  },
  decodeKnowsNoPull: {
    target: "./src/decode",
    from: modules("pull client transport cache tools cli export display progress"),
    message: "decode turns a body's bytes into what it holds: it knows no pull, transport or cache (the pull calls it).",
  },
  transportKnowsNoPages: {
    target: "./src/transport",
    from: modules("pull frame rows client query params endpoints cache decode tools cli export display progress"),
    message: "transport sends one request and maps its failure: it knows no pages, queries or frames.",
  },
  queryBeforePages: {
    target: "./src/query",
    from: modules("pull transport frame rows client params cache decode tools cli export display progress"),
    message: "a Query is built from the options before anything is sent: it imports no later stage.",
  },
  pullBelowClient: {
    target: "./src/pull",
    from: modules("client tools cli display"),
    message: "a pull is what the client and the tools call: it does not call back into them.",
  },
  pullNeverExports: {
    target: "./src/pull",
    from: "./src/export",
    message: "a pull hands its pages on: the writers take a pull's pages, a pull never reaches a writer.",
  },
  tableKnowsNoTransport: {
    target: "./src/table",
    from: modules("transport pull client tools cli export display cache decode progress frame rows query params endpoints"),
    message:
      "table is the one table model every consumer takes: it knows no transport, pull, page, cache, frame, endpoint table or writer (pass the row shape in).",
  },
  emulatorImportsNoClient: {
    // API.md "Emulator": it describes the service in its own terms and imports nothing of the client's
    target: "./src/emulator",
    from: "./src",
    except: ["./emulator"],
    message: "The emulator imports only from src/emulator: describe the service there, from WIRE.md.",
  },
  rowsAfterThePull: {
    target: "./src/rows",
    from: modules("client pull transport query params cache decode tools cli export display progress"),
    message: "rows look an endpoint's row shape up and hand records to the frame: they know no pull, page or transport.",
  },
  errorsALeaf: {
    target: "./src/errors",
    from: "./src",
    except: ["./errors", "./text"],
    message: "errors are a leaf every layer imports: they import nothing of the library's but text helpers.",
  },
};

/** The core: what a pull is made of, and the leaves it shares. */
export const CORE_ROOMS = "pull progress transport decode table frame cache query params endpoints rows errors text".split(" ");
/** The consumers on top of the core: they take what it gives, it never reaches them. */
const CONSUMERS = "display export store sync tools cli";

/**
 * A closed core: no room of it imports a consumer, type imports included (a notebook's progress line
 * comes through a sink the caller hands in; the cell conversions and the type decision every output
 * needs are the table model's). One zone a room; tests/unit/directionZones.test.ts breaks each.
 */
export const CLOSED_CORE_ZONES = Object.fromEntries(
  CORE_ROOMS.map((room) => [
    `${room}ClosedToConsumers`,
    {
      target: `./src/${room}`,
      from: modules(CONSUMERS),
      message: `src/${room} is the core: it imports nothing of the consumers on top of it (${CONSUMERS.split(" ").join(", ")}); they take what it gives.`,
    },
  ]),
);

const EMULATOR_ZONES = [
  {
    // the main entry loads none of the emulator; the CLI and the demo load it through its own entry point
    target: [
      "./src/!(emulator|cli)/**/*",
      "./src/cli/!(commands)/**/*",
      "./src/cli/*.ts",
      "./src/cli/commands/!(emulatorCommand).ts",
      "./src/!(demo).ts",
    ],
    from: "./src/emulator",
    message: "Only the CLI's emulator command and the demo load the emulator (through fountframe/emulator).",
  },
];

/**
 * danfo behind one door: src/frame/danfo is the only code that knows danfo's or mathjs's internals
 * (how a frame is stored, how danfo reaches mathjs) and the only code that loads src/danfo (danfo as
 * fountframe ships it, dist/danfo.cjs). Everything else goes through src/frame/danfo/index.ts.
 * tests/frame/danfo/doorLint.test.ts lints a file breaking each rule and checks that it is refused.
 */
const OUTSIDE_THE_DOOR = ["./src/!(frame|danfo)/**/*", "./src/*.ts", "./src/frame/*.ts"];
export const DANFO_ZONES = {
  danfoInternalsBehindTheDoor: {
    target: OUTSIDE_THE_DOOR,
    from: "./src/frame/danfo",
    except: ["./index.ts"],
    message: "danfo's internals stay in src/frame/danfo: import its index (src/frame/danfo), not its files.",
  },
  danfoLoadedByTheDoor: {
    target: OUTSIDE_THE_DOOR,
    from: "./src/danfo",
    message: 'Only src/frame/danfo loads danfo (src/danfo, bundled as dist/danfo.cjs): types come from "danfojs-node".',
  },
};
const ONLY_THE_DOOR = "Only src/danfo (danfo as shipped) and src/frame/danfo (the one door) reach danfo or mathjs.";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/", "out/", "notebooks/", "bench/results*"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-restricted-syntax": ["error", ...NO_CHECKER_BYPASS],
    },
  },
  {
    files: ["src/**/*.ts"],
    plugins: { local: localRules },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // import-x/no-cycle skips `import type`: this one counts every import (lint/importCycle.mjs)
      "local/import-cycle": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [...EMULATOR_ZONES, ...Object.values(DANFO_ZONES), ...Object.values(DIRECTION_ZONES), ...Object.values(CLOSED_CORE_ZONES)],
        },
      ],
    },
  },
  {
    // src/danfo is danfo as shipped (bundled into dist/danfo.cjs), loaded by src/frame/danfo alone;
    // elsewhere only danfo's types, and no mathjs
    files: ["src/**/*.ts"],
    ignores: ["src/danfo/**", "src/frame/danfo/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "danfojs-node", allowTypeImports: true, message: ONLY_THE_DOOR },
            { name: "mathjs", message: ONLY_THE_DOOR },
          ],
          patterns: [{ group: ["danfojs-node/*", "mathjs/*"], message: ONLY_THE_DOOR }],
        },
      ],
    },
  },
  {
    // the door loads danfo through src/danfo, never danfojs-node's own files
    files: ["src/frame/danfo/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "danfojs-node", allowTypeImports: true, message: "Load danfo through src/danfo (loadDanfo.ts)." }],
          patterns: [{ group: ["danfojs-node/*"], message: "Load danfo through src/danfo (loadDanfo.ts)." }],
        },
      ],
    },
  },
  {
    // tests read JSON bodies of any shape
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.mjs", "**/*.js", "**/*.cjs"],
    languageOptions: { globals: globals.node },
  },
  {
    // the bench drops references (`frame = null`) so the garbage collector can measure what is left
    files: ["bench/**/*.mjs"],
    rules: { "no-useless-assignment": "off", "@typescript-eslint/no-unused-expressions": "off" },
  },
);
