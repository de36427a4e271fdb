import { InvalidArgumentError, type Command, type Option } from "commander";
import { UsageError } from "./exitCode";

/**
 * A bad flag value told as every other message is: `--per-page: must be a whole number of 1 or more
 * (got "abc")`, not commander's own wording. Applied once to every option of every command.
 */
export function badValuesInOurWords(command: Command): void {
  for (const option of command.options) retell(option);
  for (const sub of command.commands) badValuesInOurWords(sub);
}

function retell(option: Option): void {
  const parse = option.parseArg;
  if (!parse) return;
  const flag = option.long ?? option.short ?? option.flags;
  option.parseArg = <T>(value: string, previous: T): T => {
    try {
      return parse.call(option, value, previous) as T;
    } catch (error) {
      if (!(error instanceof InvalidArgumentError)) throw error;
      const rule = option.argChoices ? `must be one of ${option.argChoices.join(", ")}` : error.message;
      throw new UsageError(`${flag}: ${rule} (got ${JSON.stringify(value)})`);
    }
  };
}
