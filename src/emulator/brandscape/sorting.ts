import type { SortKey } from "../query/parseQuery";
import type { BrandscapeRows } from "./rows";
import { Selection } from "./selection";

type SortValue = number | string | boolean | null;

function compare(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** Numeric strings sort as the numbers they hold, as the service's decimal columns do. */
const sortable = (value: SortValue): SortValue =>
  typeof value === "string" && value !== "" && !Number.isNaN(Number(value)) ? Number(value) : value;

/**
 * Sorting needs every matching row's sort values, so it is the one place the rows of a selection
 * are enumerated; ties keep id order. Sorting by id alone needs nothing.
 */
export function sortSelection(selection: Selection, sort: readonly SortKey[], rows: BrandscapeRows): Selection {
  if (sort.length === 0 || (sort.length === 1 && sort[0].field === "id" && !sort[0].descending)) return selection;
  const indices = selection.allRowIndices();
  if (sort.length === 1 && sort[0].field === "id") return Selection.ofRowIndices(indices.reverse());
  const keyColumns = sort.map((key) => {
    const values: SortValue[] = new Array(indices.length);
    for (let i = 0; i < indices.length; i++) {
      values[i] =
        key.field === "brand_name"
          ? rows.value(rows.locate(indices[i]), key.field)
          : sortable(rows.value(rows.locate(indices[i]), key.field));
    }
    return { values, direction: key.descending ? -1 : 1 };
  });
  const order = Array.from(indices.keys());
  order.sort((left, right) => {
    for (const { values, direction } of keyColumns) {
      const result = compare(values[left], values[right]);
      if (result !== 0) return result * direction;
    }
    return indices[left] - indices[right];
  });
  return Selection.ofRowIndices(Int32Array.from(order, (i) => indices[i]));
}
