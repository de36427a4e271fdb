// What danfo gets for `mathjs` in the build (tsup.config.ts). danfo requires mathjs when it loads
// (about 60% of its load time) but calls it only in a few statistics (median, mode, std, variance,
// describe), always through the module object (`mathjs_1.median(...)`): the bundled mathjs is
// initialised on the first use of the module object (lazyModule.ts). Unbundled, deferMathjs.ts does
// the same through require's cache. CommonJS because the module object itself must be the stand-in.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- bundled beside this file
const { lazyModuleObject } = require("./lazyModule");

let real;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require the bundler defers until the first use
module.exports = lazyModuleObject(() => (real ??= require("mathjs")));
