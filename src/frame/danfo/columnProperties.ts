import type { BaseDataFrame } from "../../danfo";

/** danfo's own method that gives a frame a property per column name (`df.brand_name`), as danfojs-node 1.2.0 has it. */
type SetColumnProperties = (this: { columns: string[] }, column?: string) => void;
const SET_COLUMN_PROPERTIES = "$setInternalColumnDataProperty";

const GUARDED = Symbol("fountframe.columnPropertiesGuarded");

/**
 * danfo gives a frame a property per column name, over whatever the frame already has under that
 * name: a column named `columns` (or `index`, `values`, `count`, ...) hides danfo's own, which danfo
 * itself then reads (`this.columns.indexOf(...)` finds the column) and recurses until the stack
 * overflows. Such a column is left without its property: `frame.column("columns")` reads it, and
 * `frame.columns` stays the names. Called when danfo is loaded (loadDanfo.ts); again is harmless.
 */
export function guardColumnProperties(danfo: { BaseDataFrame: typeof BaseDataFrame }): void {
  const prototype: object = danfo.BaseDataFrame.prototype;
  const setProperties: unknown = Reflect.get(prototype, SET_COLUMN_PROPERTIES);
  if (typeof setProperties !== "function" || Reflect.has(prototype, GUARDED)) return;
  Object.defineProperty(prototype, GUARDED, { value: true });
  const guarded: SetColumnProperties = function (this, column) {
    if (typeof column === "string") {
      if (!(column in this)) setProperties.call(this, column);
      return;
    }
    // danfo's loop, less the names the frame already answers to
    for (const name of this.columns) if (typeof name === "string" && !(name in this)) setProperties.call(this, name);
  };
  Reflect.set(prototype, SET_COLUMN_PROPERTIES, guarded);
}
