import type { z } from "zod";
import { ValidationError } from "../errors";
import { describeValue } from "../text/describeValue";

/** What one option takes: its schema, and the words that tell a caller what is allowed. */
export interface OptionRule {
  readonly schema: z.ZodType;
  readonly allowed: string;
}

export const rule = (schema: z.ZodType, allowed: string): OptionRule => ({ schema, allowed });

/**
 * Each option of `options` against its rule; an option given as undefined counts as not given. A
 * name with no rule is a ValidationError worded by `notAnOption`, a value its rule refuses one that
 * names the option and what it allows.
 */
export function checkOptionValues(
  options: object,
  rules: Readonly<Record<string, OptionRule>>,
  notAnOption: (name: string) => string,
): void {
  for (const name of Object.keys(options)) {
    const value = (options as Record<string, unknown>)[name];
    if (value === undefined) continue;
    const known = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!known) throw new ValidationError(name, notAnOption(name));
    if (!known.schema.safeParse(value).success) throw new ValidationError(name, `must be ${known.allowed}, got ${describeValue(value)}`);
  }
}
