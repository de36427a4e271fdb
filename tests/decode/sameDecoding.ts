import { isDeepStrictEqual } from "node:util";
import { decodeBody, parsedBody } from "../../src/decode/decodeBody";
import { scanPage } from "../../src/decode/pageScanner";
import type { RowShape } from "../../src/table/types";
import { rowShapeOf } from "../../src/rows/rowShape";

/** The shapes a page is decoded with: flat and stacked, with and without brandscape-data's `global_` rule. */
export const SHAPES: ReadonlyArray<[string, RowShape]> = [
  ["flat", rowShapeOf({})],
  ["stacked", rowShapeOf({ stackData: true })],
  ["brandscape-data", rowShapeOf({ endpoint: "brandscape-data" })],
  ["brandscape-data stacked", rowShapeOf({ endpoint: "brandscape-data", stackData: true })],
];

/**
 * Decodes `bytes` both ways and fails unless decodeBody (scanner first) answers exactly what the
 * JSON.parse path answers: util.isDeepStrictEqual compares numbers with Object.is (−0 is not 0,
 * NaN is NaN), typed arrays by type and bytes, and tells a hole from an undefined cell. Returns
 * whether the scanner answered (rather than falling back).
 */
export function expectSameDecoding(bytes: Uint8Array, shape: RowShape): boolean {
  const parsed = parsedBody(bytes, shape);
  const scanned = scanPage(bytes, shape);
  const decoded = decodeBody(bytes, shape);
  if (scanned !== undefined && !isDeepStrictEqual(scanned, parsed)) {
    // toEqual prints where they differ; the strict comparison above is the one that counts
    expect(scanned).toEqual(parsed);
    throw new Error(`scanPage differs from JSON.parse (strictly) on ${Buffer.from(bytes).toString("utf8").slice(0, 300)}`);
  }
  if (!isDeepStrictEqual(decoded, parsed)) {
    expect(decoded).toEqual(parsed);
    throw new Error(`decodeBody differs from JSON.parse (strictly) on ${Buffer.from(bytes).toString("utf8").slice(0, 300)}`);
  }
  return scanned !== undefined;
}

export const utf8 = (text: string): Uint8Array => Buffer.from(text, "utf8");
