/**
 * Builds the CLI entry with the project's own tsup config into a private folder, so tests run the
 * binary as shipped without racing other builds of dist/ (whose config cleans it first).
 * Usage: tsx tests/cli/helpers/buildCli.ts <outDir>
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { build, type Options } from "tsup";
import config from "../../../tsup.config";

const outDir = process.argv[2];
if (!outDir) throw new Error("usage: buildCli.ts <outDir>");
const [main, danfo] = config as Options[];

// the CLI loads the emulator and danfo from beside it. `config: false`: without it tsup's build()
// also loads tsup.config.ts and runs the given options once per config in it, so danfo.cjs was
// built twice at once into one file (a shorter one over a longer one, whose tail stayed behind: a
// CLI that failed on its first frame with "Unexpected token ':'").
async function buildAll(): Promise<void> {
  await build({ ...danfo, config: false, format: ["cjs"], clean: false, silent: true, outDir });
  await build({
    ...main,
    config: false,
    entry: { cli: "src/cli/main.ts", emulator: "src/emulator/index.ts" },
    format: ["cjs"],
    dts: false,
    clean: false,
    silent: true,
    outDir,
  });
  // a bundle that does not load fails here, not as a test's exit code later
  createRequire(__filename)(join(outDir, "danfo.cjs"));
}

buildAll().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
