/**
 * The mathjs stand-in behaves as the real module for reads and writes, both ways: in-process (the
 * lazy module object itself), unbundled (deferMathjs.ts in require's cache, in a tsx process) and
 * bundled (lazyMathjs.cjs, in a bundle made with the project's danfo build config, as dist/danfo.cjs
 * is). Each observation is made on the stand-in and on the real module, and the two must agree.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { lazyModuleObject } from "../../../src/frame/danfo/lazyModule";

const ROOT = resolve(__dirname, "../../..");
const BEHAVIOUR = resolve(__dirname, "lazyModuleBehaviour.cjs");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { observe } = require(BEHAVIOUR) as { observe: (lazy: object, real: object, name: string) => Record<string, [unknown, unknown]> };

const MATHJS = require.resolve("mathjs", { paths: [require.resolve("danfojs-node")] });

/** A CommonJS module as TypeScript compiles it: exports are enumerable, non-configurable getters. */
function compiledModule(): Record<string, unknown> {
  const exports: Record<string, unknown> = {};
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  Object.defineProperty(exports, "__esModule", { value: true });
  Object.defineProperty(exports, "median", { enumerable: true, get: () => median });
  exports.plain = "a data property";
  return exports;
}

function expectAgreement(pairs: Record<string, [unknown, unknown]>): void {
  expect(Object.keys(pairs).length).toBeGreaterThan(20);
  for (const [name, [lazy, real]] of Object.entries(pairs)) expect({ name, seen: lazy }).toEqual({ name, seen: real });
  // the writes were seen across (not both undefined): the check can tell a lost write
  expect(pairs["a property written through the stand-in"]).toEqual([1, 1]);
  expect(pairs["a property written on the real module"]).toEqual([2, 2]);
  expect(pairs["overwriting a read-only export (strict mode)"][0]).toBe("TypeError");
}

const lastLine = (output: string) => JSON.parse(output.trim().split("\n").pop() ?? "");

describe("a lazy module object", () => {
  it("loads its module on first use only", () => {
    let loads = 0;
    let real: Record<string, unknown> | undefined;
    const lazy = lazyModuleObject(() => (real ??= (loads++, compiledModule())));
    expect(loads).toBe(0);
    expect(typeof (lazy as { median?: unknown }).median).toBe("function");
    void Object.keys(lazy);
    expect(loads).toBe(1);
  });

  it("behaves as a compiled CommonJS module for reads and writes, both ways", () => {
    const real = compiledModule();
    expectAgreement(
      observe(
        lazyModuleObject(() => real),
        real,
        "median",
      ),
    );
  });

  it("behaves as mathjs itself", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const real = require(MATHJS) as object;
    expectAgreement(
      observe(
        lazyModuleObject(() => real),
        real,
        "median",
      ),
    );
  });
});

describe("the mathjs stand-in danfo gets", () => {
  it("unbundled (require's cache, deferMathjs.ts): the module code requiring mathjs sees what danfo's sees", () => {
    const script = `
      const { createRequire } = require("node:module");
      const frame = require(${JSON.stringify(join(ROOT, "src/frame/recordsToFrame.ts"))});
      const { observe } = require(${JSON.stringify(BEHAVIOUR)});
      frame.recordsToFrame([{ a: 1 }, { a: 3 }]).then((df) => {
        const requireMathjs = createRequire(require.resolve("danfojs-node"));
        const standIn = requireMathjs("mathjs");
        const median = df.column("a").median(); // danfo's first statistic loads the real mathjs
        const real = requireMathjs("mathjs");
        console.log(JSON.stringify({ median, pairs: observe(standIn, real, "median") }));
      });
    `;
    const result = lastLine(execFileSync(process.execPath, ["--require", "tsx/cjs", "-e", script], { cwd: ROOT, encoding: "utf8" }));
    expect(result.median).toBe(2);
    expectAgreement(result.pairs);
  });

  it("bundled (lazyMathjs.cjs, as in dist/danfo.cjs): the bundle's mathjs and its stand-in agree", () => {
    const dir = mkdtempSync(join(tmpdir(), "fountframe-lazy-mathjs-"));
    try {
      // "mathjs" is what danfo's code requires (the build gives it the stand-in); the file by path is
      // the same bundled mathjs module the stand-in loads
      writeFileSync(
        join(dir, "probe.cjs"),
        `const lazy = require("mathjs");
         const real = require(${JSON.stringify(MATHJS)});
         const { observe } = require(${JSON.stringify(BEHAVIOUR)});
         console.log(JSON.stringify({ sqrt: lazy.sqrt(16), pairs: observe(lazy, real, "median") }));`,
      );
      // esbuild with the danfo build's plugins (tsup's build() resolved before its file was whole)
      const build = `
        const [, danfo] = require(${JSON.stringify(join(ROOT, "tsup.config.ts"))}).default;
        require("esbuild").build({
          entryPoints: [${JSON.stringify(join(dir, "probe.cjs"))}], outfile: ${JSON.stringify(join(dir, "out", "probe.cjs"))},
          bundle: true, platform: "node", format: "cjs", target: "node20", logLevel: "error", plugins: danfo.esbuildPlugins,
        }).catch((error) => { console.error(error); process.exitCode = 1; });
      `;
      execFileSync(process.execPath, ["--require", "tsx/cjs", "-e", build], { cwd: ROOT, encoding: "utf8" });
      const result = lastLine(execFileSync(process.execPath, [join(dir, "out", "probe.cjs")], { encoding: "utf8" }));
      expect(result.sqrt).toBe(4);
      expectAgreement(result.pairs);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
