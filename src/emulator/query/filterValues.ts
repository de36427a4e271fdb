import { FILTER_KINDS, type FilterKind, type FilterName } from "../wire/filterKinds";
import { filterTimestamp } from "../dataset/timestamps";
import { validationError } from "../http/errors";
import { commaList } from "./parseQuery";

/** A filter value once read according to its kind (wire/filterKinds.ts). */
export type FilterValue = string | boolean | number | readonly number[] | readonly string[];

const FLAG_VALUES: Readonly<Record<string, boolean>> = { "1": true, "0": false, true: true, false: false };

const fail = (name: string, message: string): never => {
  throw validationError({ [`filter.${name}`]: [message.replace(":attribute", `filter.${name}`)] });
};

function readInteger(name: string, text: string, message: string): number {
  if (!/^\d+$/.test(text)) fail(name, message);
  return Number(text);
}

function readKind(kind: FilterKind, name: string, raw: string): FilterValue {
  const text = raw.trim();
  switch (kind) {
    case "text":
      return text.toLowerCase();
    case "presence":
      if (text === "") return true;
    // falls through: a value given reads as a flag
    case "flag": {
      const flag = FLAG_VALUES[text.toLowerCase()];
      return flag ?? fail(name, "The :attribute field must be true or false.");
    }
    case "ids":
      return commaList(text).map((item) => readInteger(name, item, "The :attribute field must contain integer ids."));
    case "countryCodes":
      return commaList(text).map((code) => code.toUpperCase());
    case "yearList":
      return commaList(text).map((item) => readInteger(name, item, "The :attribute field must contain years."));
    case "count":
      return readInteger(name, text, "The :attribute field must be a non-negative integer.");
    case "datetime":
      return filterTimestamp(text) ?? fail(name, "The :attribute field must match the format Y-m-d H:i:s.");
  }
}

export const isFilterName = (name: string): name is FilterName => Object.hasOwn(FILTER_KINDS, name);

/** Reads `filter[name]=raw` by the kind wire/filterKinds.ts gives that name; 400 when it does not parse. */
export function readFilterValue(name: FilterName, raw: string): FilterValue {
  return readKind(FILTER_KINDS[name], name, raw);
}
