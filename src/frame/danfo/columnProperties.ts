import type { BaseDataFrame } from "../../danfo";

/** danfo's own method that gives a frame a property per column name (`df.brand_name`), as danfojs-node 1.2.0 has it. */
const SET_COLUMN_PROPERTIES = "$setInternalColumnDataProperty";

const GUARDED = Symbol("fountframe.columnPropertiesGuarded");

/** A frame as the property's getter and setter reach it: danfo's own column access. */
interface ColumnAccess {
  columns: string[];
  $getColumnData(column: string): unknown;
  $setColumnData(column: string, values: unknown): void;
}

/**
 * danfo gives a frame a property per column name, over whatever the frame already has under that
 * name: a column named `columns` (or `index`, `values`, `count`, ...) hides danfo's own, which danfo
 * itself then reads (`this.columns.indexOf(...)` finds the column) and recurses until the stack
 * overflows. Here each column gets the property danfo would give it (a getter and setter of its
 * data) unless the frame already answers to that name: `frame.column("columns")` reads such a
 * column, and `frame.columns` stays the names. (danfo's own method also takes a column named `""`
 * for "every column", and defines each again.) Called when danfo is loaded (loadDanfo.ts); again is
 * harmless.
 */
export function guardColumnProperties(danfo: { BaseDataFrame: typeof BaseDataFrame }): void {
  const prototype: object = danfo.BaseDataFrame.prototype;
  if (typeof Reflect.get(prototype, SET_COLUMN_PROPERTIES) !== "function" || Reflect.has(prototype, GUARDED)) return;
  Object.defineProperty(prototype, GUARDED, { value: true });
  const setColumnProperties = function (this: ColumnAccess, column?: string): void {
    const names = typeof column === "string" ? [column] : this.columns;
    for (const name of names) {
      if (typeof name !== "string" || name in this) continue;
      Object.defineProperty(this, name, {
        get: () => this.$getColumnData(name),
        set: (values: unknown) => this.$setColumnData(name, values),
      });
    }
  };
  Reflect.set(prototype, SET_COLUMN_PROPERTIES, setColumnProperties);
}
