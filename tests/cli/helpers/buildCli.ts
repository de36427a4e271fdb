/**
 * Builds the CLI entry with the project's own tsup config into a private folder, so tests run the
 * binary as shipped without racing other builds of dist/ (whose config cleans it first).
 * Usage: tsx tests/cli/helpers/buildCli.ts <outDir>
 */
import { build, type Options } from "tsup";
import config from "../../../tsup.config";

const outDir = process.argv[2];
if (!outDir) throw new Error("usage: buildCli.ts <outDir>");
const [main, danfo] = config as Options[];

// the CLI loads the emulator and danfo from beside it
Promise.all([
  build({
    ...main,
    entry: { cli: "src/cli/main.ts", emulator: "src/emulator/index.ts" },
    format: ["cjs"],
    dts: false,
    clean: false,
    silent: true,
    outDir,
  }),
  build({ ...danfo, format: ["cjs"], clean: false, silent: true, outDir }),
]).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
