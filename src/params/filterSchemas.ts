import { z } from "zod";
import { FILTER_KINDS, type FilterKind } from "../endpoints/filterKinds";
import { ValidationError } from "../errors";
import type { FilterValue } from "../query";
import { checkWellFormed, describeValue } from "../query/values";
import { ISO_COUNTRY_CODES } from "./isoCountryCodes";

/** One value, an array, or "a,b": always an array out. */
const asList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()) : Array.isArray(value) ? value : [value]),
    z.array(item).min(1, "must not be an empty list"),
  );

const id = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^[1-9]\d*$/, "must be a numeric id").refine((text) => Number.isSafeInteger(Number(text)), "must be a numeric id"),
], { message: `must be a positive integer id (at most ${Number.MAX_SAFE_INTEGER})` });
const year = z
  .union([z.number(), z.string().regex(/^\d{4}$/, "must be a year such as 2024")])
  .transform(Number)
  .refine((value) => Number.isInteger(value) && value >= 1900 && value <= 2100, { message: "must be a year such as 2024" });
const isoCode = z
  .string()
  .transform((code) => code.trim().toUpperCase())
  .refine((code) => ISO_COUNTRY_CODES.has(code), { message: "must be an ISO 3166-1 alpha-2 country code such as US, GB, DE" });
const flag = z.union([z.literal(0), z.literal(1), z.boolean()], { message: "must be 0, 1, true or false" });
const datetime = z.union([
  z.date(),
  z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, "must be a Date or 'YYYY-MM-DD HH:MM:SS'"),
]);

/** One zod schema per kind of filter value; lists accept one value, an array, or "a,b". */
const SCHEMAS: Record<FilterKind, z.ZodType> = {
  text: z.string().min(1, "must not be empty"),
  flag,
  ids: asList(id),
  countryCodes: asList(isoCode),
  countryCode: isoCode,
  yearList: asList(year),
  year,
  count: z.number().int().min(0),
  datetime,
};

const anyFilterValue = z.union([
  z.string(), z.number().finite(), z.boolean(), z.date(), z.array(z.union([z.string(), z.number().finite()])),
], { message: "must be a string, number, boolean, Date or a list of strings/numbers" });

/** The value the wire wants for a filter, or a ValidationError naming `parameter`. */
export function checkFilterValue(parameter: string, wireName: string, value: FilterValue): FilterValue {
  checkWellFormed(parameter, value);
  const kind = (FILTER_KINDS as Record<string, FilterKind | undefined>)[wireName];
  const schema = kind ? SCHEMAS[kind] : anyFilterValue;
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ValidationError(parameter, `${issue.message} (got ${describe(value)})`);
  }
  return result.data as FilterValue;
}

function describe(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "an invalid Date" : `Date ${value.toISOString()}`;
  return describeValue(value);
}
