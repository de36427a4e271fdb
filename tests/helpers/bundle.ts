/**
 * Bundles entries with every dependency into one folder that needs nothing else (for a test that
 * runs them as another user, tests/helpers/asNobody.ts). With the project's tsup config, so a CLI
 * bundled here loads its emulator and danfo (built beside it when an entry is named `cli`) as the
 * shipped one does.
 * Usage: tsx tests/helpers/bundle.ts <outDir> '{"name":"path/to/entry.ts",…}'
 */
import { build, type Options } from "tsup";
import config from "../../tsup.config";

const [outDir, entriesJson] = process.argv.slice(2);
if (!outDir || !entriesJson) throw new Error("usage: bundle.ts <outDir> <entries as JSON>");
const entry = JSON.parse(entriesJson) as Record<string, string>;
const [main, danfo] = config as Options[];
const selfContained = { format: ["cjs"], dts: false, clean: false, silent: true, outDir, noExternal: [/./] } satisfies Options;

Promise.all([
  build({ ...main, ...selfContained, entry }),
  // the CLI makes frames: src/frame/danfo/loadDanfo.ts loads danfo.cjs from beside it
  ...("cli" in entry ? [build({ ...danfo, ...selfContained })] : []),
]).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
