/**
 * The one door to danfo's and mathjs's internals: the only code that knows how danfo stores a frame
 * (frameStorage.ts), how it reaches mathjs (deferMathjs.ts, lazyMathjs.cjs, lazyModule.ts) and where
 * fountframe's danfo is loaded from (loadDanfo.ts). Lint keeps the rest of src/ to this index.
 *
 * Why two folders: src/danfo is danfo itself as fountframe ships it (the `fountframe/danfo` entry,
 * bundled into dist/danfo.cjs: danfo's public names, and the pure-JS TensorFlow it gets); it knows
 * nothing of danfo's internals and is what users import. This folder is fountframe's own code that
 * leans on those internals for speed, so an upgrade of danfo (pinned in package.json) is checked here
 * and in tests/frame/danfo/.
 */
export { frameColumnSlice, frameFromCells, rowsNotMade, type FrameCells } from "./frameStorage";
export { loadDataFrameClass, preloadDataFrameClass, type DataFrameClass } from "./loadDanfo";
export { setFrameNotebookForm, giveNotebookMethod, type FrameNotebookForm } from "./notebookForm";
