import type { DataFrame } from "danfojs-node";
import type { BaseDataFrame } from "../../danfo";

/**
 * The symbol a Jupyter kernel that follows Deno's convention (`deno jupyter`) looks up on a cell's
 * last value: a method returning a MIME bundle. Registered with Symbol.for, so it is the kernel's.
 */
export const JUPYTER_DISPLAY = Symbol.for("Jupyter.display");

/** A frame's notebook forms, MIME type → content. */
export type FrameNotebookForm = (frame: DataFrame) => Readonly<Record<string, string>>;

let notebookForm: FrameNotebookForm | undefined;

/**
 * Called with danfo's base DataFrame class when it is loaded (loadDanfo.ts); again is harmless. The
 * base class, not danfojs-node's subclass: danfo's own methods (head, sortValues, loc, ...) return
 * frames of the base class.
 */
export function giveNotebookForm(frameClass: typeof BaseDataFrame): void {
  Object.defineProperty(frameClass.prototype, JUPYTER_DISPLAY, {
    configurable: true,
    enumerable: false, // not a column, not in Object.keys or a spread of the frame
    value(this: DataFrame) {
      return notebookForm ? notebookForm(this) : { "text/plain": this.toString() };
    },
  });
}

/**
 * Gives danfo's DataFrame (fountframe's bundled copy, the class `fountframe/danfo` exports) the
 * `Symbol.for("Jupyter.display")` method, so a frame that is a notebook cell's last value shows
 * as `form` makes it (a table) instead of its console text. The display code supplies the form
 * (frame cannot import display); the method, a non-enumerable prototype member given to the class
 * when it loads, asks for it at each call, so frames compare, spread and serialise as before.
 */
export function setFrameNotebookForm(form: FrameNotebookForm): void {
  notebookForm = form;
}
