// `npm run lint`: typescript-eslint's recommended rules, plus the house rules that keep the shape
// of the code: no import cycle, an emulator that imports nothing of the client's, and no casts
// that switch the type checker off.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * `x as never` and `x as unknown as T` silence the checker. The one place that needs it,
 * src/frame/buildFrame.ts (danfo's storage fields, which its types do not declare), says why.
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
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              // API.md "Emulator": it describes the service in its own terms and imports nothing of the client's
              target: "./src/emulator",
              from: "./src",
              except: ["./emulator"],
              message: "The emulator imports only from src/emulator: describe the service there, from WIRE.md.",
            },
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
          ],
        },
      ],
    },
  },
  {
    // src/danfo is the one door to danfo (bundled into dist/danfo.cjs); elsewhere only its types
    files: ["src/**/*.ts"],
    ignores: ["src/danfo/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "danfojs-node", allowTypeImports: true, message: "Load danfo through src/danfo (src/frame/loadDanfo.ts)." }],
          patterns: [{ group: ["danfojs-node/*"], message: "Load danfo through src/danfo (src/frame/loadDanfo.ts)." }],
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
