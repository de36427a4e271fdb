import { existsSync } from "node:fs";
import { basename, extname, join } from "node:path";

/**
 * A worker thread's script, `name` (a tsup entry): beside the bundle in the built package
 * (`name`.cjs / .mjs); from the TypeScript sources (tests, tsx), the bootstrap `name`.dev.cjs in
 * `sourcesFolder` (the caller's folder), which registers tsx first. Undefined when neither is there
 * (a bundle of a bundle): the work then stays on the main thread.
 */
export function workerScript(name: string, sourcesFolder: string): string | undefined {
  const script =
    extname(__filename) === ".ts"
      ? join(sourcesFolder, `${name}.dev.cjs`)
      : join(__dirname, `${name}${basename(__filename).endsWith(".mjs") ? ".mjs" : ".cjs"}`);
  return existsSync(script) ? script : undefined;
}

/**
 * The Node options a worker inherits: the process's, less `--input-type` (a `node --input-type=module
 * -e` parent's), which Node would apply to the worker's .mjs file and then refuse to load it.
 */
export const workerExecArgv = (): string[] => process.execArgv.filter((option) => !option.startsWith("--input-type"));
