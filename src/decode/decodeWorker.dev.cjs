// The decode worker run from the TypeScript sources (Jest, tsx): tsx compiles it on load.
// The built package uses dist/decodeWorker.cjs / .mjs instead (tsup entry "decodeWorker").
require("tsx/cjs");
module.exports = require("./decodePage.worker.ts");
