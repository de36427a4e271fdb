// The decode worker run from the TypeScript sources (Jest, tsx): tsx compiles it on load.
// The built package uses dist/decodeWorker.cjs / .mjs instead (tsup entry "decodeWorker").
// A CommonJS file by necessity (a worker's entry, loaded before any TypeScript hook):
/* eslint-disable @typescript-eslint/no-require-imports */
require("tsx/cjs");
module.exports = require("./decodePage.worker.ts");
