import type { DataFrame } from "danfojs-node";
import type { BaseDataFrame, BaseSeries } from "../../danfo";

/**
 * The symbol a Jupyter kernel that follows Deno's convention (`deno jupyter`) looks up on a cell's
 * last value: a method returning a MIME bundle. Registered with Symbol.for, so it is the kernel's.
 */
export const JUPYTER_DISPLAY = Symbol.for("Jupyter.display");

/** A frame's notebook forms, MIME type → content. */
export type FrameNotebookForm = (frame: DataFrame) => Readonly<Record<string, string>>;

let notebookForm: FrameNotebookForm | undefined;

/**
 * Gives `target` (a class's prototype, typed as its instances as TypeScript types `C.prototype`, or
 * one value) the method, non-enumerable: not a key, not in a spread or JSON.
 */
export function giveNotebookMethod<T extends object>(target: T, bundle: (value: T) => Readonly<Record<string, string>>): void {
  Object.defineProperty(target, JUPYTER_DISPLAY, {
    configurable: true,
    enumerable: false, // not a column, not in Object.keys or a spread of the frame
    value(this: T) {
      return bundle(this);
    },
  });
}

/**
 * Called with danfo's base classes when danfo is loaded (loadDanfo.ts); again is harmless. The base
 * classes, not danfojs-node's subclasses: danfo's own methods (head, sortValues, loc, a column)
 * return frames and series of the base classes. A series shows as a one-column frame.
 */
export function giveNotebookForm(danfo: { BaseDataFrame: typeof BaseDataFrame; BaseSeries: typeof BaseSeries }): void {
  const formOf = (frame: DataFrame) => (notebookForm ? notebookForm(frame) : { "text/plain": frame.toString() });
  giveNotebookMethod(danfo.BaseDataFrame.prototype, (frame) => formOf(frame));
  giveNotebookMethod(danfo.BaseSeries.prototype, (series) =>
    formOf(new danfo.BaseDataFrame({ [String(series.columns[0])]: series.values })),
  );
}

/**
 * Gives danfo's DataFrame and Series (fountframe's bundled copy, the classes `fountframe/danfo`
 * exports) the `Symbol.for("Jupyter.display")` method, so one that is a notebook cell's last value
 * shows as `form` makes it (a table) instead of its console text. The display code supplies the
 * form (frame cannot import display); the method, a non-enumerable prototype member given to the
 * classes when danfo loads, asks for it at each call, so frames compare, spread and serialise as before.
 */
export function setFrameNotebookForm(form: FrameNotebookForm): void {
  notebookForm = form;
}
