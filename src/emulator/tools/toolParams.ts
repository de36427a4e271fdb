import { validationError } from "../http/errors";
import type { ToolDefinition, ToolParamRule } from "./catalogue";

/** A tool's parameters as read from its query string: ids as numbers, keys and text as strings. */
export interface ToolArguments {
  readonly ids: ReadonlyMap<string, readonly number[]>;
  readonly texts: ReadonlyMap<string, readonly string[]>;
}

/** Whether an id names something the dataset has (Laravel's `exists` rule). */
export type Exists = (refers: NonNullable<ToolParamRule["refers"]>, id: number) => boolean;
export type KnownKey = (key: string) => boolean;

const label = (name: string) => name.replace(/_/g, " ");

/**
 * The service's validation of a tool's query string (Laravel's rules and messages): required
 * fields, integer ids that exist, single ids where one is expected, one of an either-or pair.
 * Any failure is the docs' 400 for a bad or missing parameter, its message the first problem.
 */
export function readToolArguments(tool: ToolDefinition, rawQuery: string, exists: Exists, knownKey: KnownKey): ToolArguments {
  const query = new URLSearchParams(rawQuery);
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };
  const ids = new Map<string, number[]>();
  const texts = new Map<string, string[]>();
  const given = (name: string) => (query.get(name) ?? "").trim() !== "";

  for (const param of tool.params) {
    if (!given(param.name)) {
      if (param.required) fail(param.name, `The ${label(param.name)} field is required.`);
      continue;
    }
    const raw = query.get(param.name)!.trim();
    if (param.form === "text") {
      if (raw.length > 255) fail(param.name, `The ${label(param.name)} field must not be greater than 255 characters.`);
      texts.set(param.name, [raw]);
      continue;
    }
    const items = raw.split(",").map((item) => item.trim());
    if (param.form === "keys") {
      items.forEach((key, at) => {
        if (!knownKey(key)) fail(`${param.name}.${at}`, `The selected ${label(param.name)}.${at} is invalid.`);
      });
      texts.set(param.name, items);
      continue;
    }
    if (param.form === "one" && items.length > 1) {
      fail(param.name, `The ${label(param.name)} field must be an integer.`);
      continue;
    }
    if (param.form === "oneInList" && items.length > 1) {
      fail(param.name, `The ${label(param.name)} field must not have more than 1 items.`);
      continue;
    }
    const numbers: number[] = [];
    items.forEach((item, at) => {
      const field = param.form === "one" ? param.name : `${param.name}.${at}`;
      if (!/^\d+$/.test(item)) fail(field, `The ${label(field)} field must be an integer.`);
      else if (param.refers && !exists(param.refers, Number(item))) fail(field, `The selected ${label(field)} is invalid.`);
      else numbers.push(Number(item));
    });
    ids.set(param.name, numbers);
  }

  for (const {
    names: [first, second],
    required,
  } of tool.oneOf) {
    if (given(first) && given(second)) fail(first, `The ${label(first)} field prohibits ${label(second)} from being present.`);
    else if (required && !given(first) && !given(second))
      fail(first, `The ${label(first)} field is required when ${label(second)} is not present.`);
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { ids, texts };
}
