// What danfo gets for `mathjs` in the build (tsup.config.ts). danfo requires mathjs when it loads
// (about 60% of its load time) but calls it only in a few statistics (median, mode, std, variance,
// describe), always through the module object (`mathjs_1.median(...)`): the bundled mathjs is
// initialised on the first property read. Unbundled, src/frame/deferMathjs.ts does the same through
// require's cache. CommonJS because the module object itself must be the stand-in.
let real;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require the bundler defers until the first read
const load = () => (real ??= require("mathjs"));

module.exports = new Proxy(
  {},
  {
    get: (_target, key) => load()[key],
    has: (_target, key) => key in load(),
    ownKeys: () => Reflect.ownKeys(load()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
      // a proxy may only report a property its empty target lacks as configurable
      return descriptor && { ...descriptor, configurable: true };
    },
  },
);
