// The Parquet worker run from the TypeScript sources (Jest, tsx): tsx compiles it on load.
// The built package uses dist/parquetWorker.cjs / .mjs instead (tsup entry "parquetWorker").
/* eslint-disable @typescript-eslint/no-require-imports */
require("tsx/cjs");
module.exports = require("./parquetFile.worker.ts");
