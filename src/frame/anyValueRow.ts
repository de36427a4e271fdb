/**
 * An empty row made to hold any value from the start. A fresh array holds small integers only: the
 * first double stored would copy it into an array of doubles, the first string copy it again. Those
 * copies of every row, made at once, cost the wide pull ~200 MiB of peak memory (100k × 372).
 */
export function rowOfAnyValues(width: number): unknown[] {
  const row = new Array<unknown>(width);
  if (width > 0) row[0] = undefined;
  return row;
}
