import { z } from "zod";
import { ValidationError } from "../errors";
import { describeValue } from "../text/describeValue";
import { notAllowedName } from "../text/closestName";
import { checkWellFormed } from "../query/query";
import type { ToolParam, ToolParamKind, ToolSpec } from "./table";

export type ToolWireParams = Record<string, string | number>;

const positiveId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  // digits a double holds exactly: "9999999999999999" would go out as 10000000000000000
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number)
    .refine(Number.isSafeInteger),
]);
const metricKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]+$/);
const text = z.string().trim().min(1);

/** "a,b" and arrays as lists of items; anything else as a list of one. */
const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : typeof value === "string" && value.includes(",") ? value.split(",") : [value];

const ALLOWED: Record<ToolParamKind, string> = {
  ids: "a positive integer id, or a list of them",
  id: "one positive integer id",
  keys: 'a metric key such as "differentiation", or a list of them',
  text: "a non-empty string",
};

/**
 * A tool's options checked against its row of the tool table and turned into the query
 * parameters the service reads (lists joined by `,`, unset parameters left out). Throws a
 * ValidationError naming the parameter and what it allows; nothing is sent before this passes.
 */
export function toolWireParams(spec: ToolSpec, options: unknown): ToolWireParams {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new ValidationError("options", `${spec.method} takes one options object with ${describeParams(spec)}`);
  }
  const given = options as Record<string, unknown>;
  const known = new Map(spec.params.map((param) => [param.name, param]));
  for (const key of Object.keys(given)) {
    if (!known.has(key))
      throw new ValidationError(
        key,
        notAllowedName(
          key,
          `a parameter of ${spec.method}`,
          spec.params.map((p) => p.name),
        ),
      );
  }
  const present = (name: string) => given[name] !== undefined && given[name] !== null;
  for (const param of spec.params) {
    if (param.required && !present(param.name)) {
      throw new ValidationError(param.name, `is required by ${spec.method}: give ${ALLOWED[param.kind]}`);
    }
  }
  for (const pair of spec.eitherOr) {
    const [first, second] = pair.names;
    if (present(first) && present(second)) {
      throw new ValidationError(first, `give ${first} or ${second} to ${spec.method}, not both`);
    }
    if (pair.required && !present(first) && !present(second)) {
      throw new ValidationError(first, `${spec.method} needs \`${first}\` or \`${second}\` (exactly one of them)`);
    }
  }
  const params: ToolWireParams = {};
  for (const param of spec.params) {
    if (present(param.name)) params[param.wire] = wireValue(param, given[param.name]);
  }
  return params;
}

function wireValue(param: ToolParam, value: unknown): string | number {
  const fail = (): never => {
    throw new ValidationError(param.name, `must be ${ALLOWED[param.kind]}, got ${describeValue(value)}`);
  };
  switch (param.kind) {
    case "id": {
      const parsed = positiveId.safeParse(value);
      return parsed.success ? parsed.data : fail();
    }
    case "text": {
      const parsed = text.safeParse(value);
      if (!parsed.success) return fail();
      checkWellFormed(param.name, parsed.data);
      return parsed.data;
    }
    case "ids":
    case "keys": {
      const items = asList(value);
      const schema = param.kind === "ids" ? positiveId : metricKey;
      const parsed = z.array(schema).min(1).safeParse(items);
      return parsed.success ? parsed.data.join(",") : fail();
    }
  }
}

function describeParams(spec: ToolSpec): string {
  return spec.params.map((param) => (param.required ? param.name : `${param.name}?`)).join(", ");
}
