import { z } from "zod";
import { filterKindOf, type FilterKind } from "../endpoints/filterKinds";
import { ValidationError } from "../errors";
import type { FilterValue } from "../query";
import { checkWellFormed, describeValue } from "../query/query";
import { ISO_COUNTRY_CODES } from "./isoCountryCodes";

const EMPTY_LIST = "must not be an empty list";

/** One value, an array, or "a,b": always an array out. */
const asList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()) : Array.isArray(value) ? value : [value]),
    z.array(item).min(1, EMPTY_LIST),
  );

const id = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9]\d*$/)
    .refine((text) => Number.isSafeInteger(Number(text))),
]);
const year = z
  .union([z.number(), z.string().regex(/^\d{4}$/)])
  .transform(Number)
  .refine((value) => Number.isInteger(value) && value >= 1900 && value <= 2100);
const isoCode = z
  .string()
  .transform((code) => code.trim().toUpperCase())
  .refine((code) => ISO_COUNTRY_CODES.has(code));
const ISO_CODE = "an ISO 3166-1 alpha-2 country code such as US, GB, DE";

/**
 * One zod schema per kind of filter value (lists accept one value, an array, or "a,b"), and what
 * the value must be, said in the house's words: zod's own wording never reaches the caller.
 */
const RULES: Record<FilterKind, { schema: z.ZodType; mustBe: string }> = {
  text: { schema: z.string().min(1), mustBe: "must be non-empty text" },
  flag: { schema: z.union([z.literal(0), z.literal(1), z.boolean()]), mustBe: "must be 0, 1, true or false" },
  ids: { schema: asList(id), mustBe: `must be a positive integer id (at most ${Number.MAX_SAFE_INTEGER}), or a list of them` },
  countryCodes: { schema: asList(isoCode), mustBe: `must be ${ISO_CODE}, or a list of them` },
  countryCode: { schema: isoCode, mustBe: `must be ${ISO_CODE}` },
  yearList: { schema: asList(year), mustBe: "must be a year such as 2024, or a list of them" },
  year: { schema: year, mustBe: "must be a year such as 2024" },
  count: { schema: z.number().int().min(0), mustBe: "must be a whole number, 0 or more" },
  datetime: {
    schema: z.union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/)]),
    mustBe: "must be a Date or 'YYYY-MM-DD HH:MM:SS'",
  },
};

/** A filter the table does not know: any value the wire can carry. */
const ANY_FILTER = {
  schema: z.union([z.string(), z.number().finite(), z.boolean(), z.date(), z.array(z.union([z.string(), z.number().finite()]))]),
  mustBe: "must be a string, number, boolean, Date or a list of strings/numbers",
};

/** The value the wire wants for a filter, or a ValidationError naming `parameter`. */
export function checkFilterValue(parameter: string, wireName: string, value: FilterValue): FilterValue {
  checkWellFormed(parameter, value);
  const kind = filterKindOf(wireName);
  const { schema, mustBe } = kind ? RULES[kind] : ANY_FILTER;
  const result = schema.safeParse(value);
  if (!result.success) {
    const emptyList = result.error.issues.some((issue) => issue.message === EMPTY_LIST);
    throw new ValidationError(parameter, `${emptyList ? EMPTY_LIST : mustBe} (got ${describe(value)})`);
  }
  return result.data as FilterValue;
}

function describe(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "an invalid Date" : `Date ${value.toISOString()}`;
  return describeValue(value);
}
