/**
 * danfo.js as fountframe ships it, and the only module that loads danfo: `fountframe/danfo` for
 * users (`import * as dfd from "fountframe/danfo"`), and what src/frame/danfo/loadDanfo.ts loads
 * lazily. Only danfo's public names live here; the code that knows danfo's internals is fountframe's
 * own, in src/frame/danfo (its index.ts says why the two are apart).
 * The build bundles danfojs-node's own code into this entry with its dependencies (tsup.config.ts):
 * danfojs-node names `xlsx` by a URL outside the registry and `@tensorflow/tfjs-node`, whose install
 * script downloads a native library, so it cannot be a dependency a plain `npm install` can fetch.
 */
export {
  NDframe,
  Config,
  Utils,
  Str,
  Dt,
  toDateTime,
  Series,
  DataFrame,
  readCSV,
  streamCSV,
  toCSV,
  streamCsvTransformer,
  convertFunctionTotransformer,
  readJSON,
  toJSON,
  streamJSON,
  readExcel,
  toExcel,
  MinMaxScaler,
  StandardScaler,
  LabelEncoder,
  OneHotEncoder,
  getDummies,
  concat,
  merge,
  dateRange,
  tensorflow,
  __version,
  // "danfojs-node"'s entry file by path: the declaration build reads "danfojs-node" as this module
} from "danfojs-node/dist/danfojs-node/src/index";

// Every type a danfo value's type reaches, so that a user's declarations can name it from
// "fountframe/danfo": tslab declares each notebook cell's variables (`const top = frame.head(5)`
// is typed with danfo's base DataFrame, which the entry's own names do not include).
export type {
  ArrayType1D,
  ArrayType2D,
  AxisType,
  BaseDataOptionType,
  ConfigsType,
  CsvInputOptionsNode,
  CsvOutputOptionsNode,
  DataFrameInterface,
  DateTime,
  DTYPES,
  ExcelInputOptionsNode,
  ExcelOutputOptionsNode,
  IPlotlyLib,
  JsonInputOptionsNode,
  JsonOutputOptionsNode,
  NDframeInterface,
  NdframeInputDataType,
  PlotConfigObject,
  SeriesInterface,
  mapParam,
} from "danfojs-node/dist/danfojs-base/shared/types";
export { default as BaseDataFrame } from "danfojs-node/dist/danfojs-base/core/frame";
export { default as BaseSeries } from "danfojs-node/dist/danfojs-base/core/series";
export { default as Groupby } from "danfojs-node/dist/danfojs-base/aggregators/groupby";
