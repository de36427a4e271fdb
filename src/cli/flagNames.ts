import { ValidationError } from "../errors";

/** Library parameter → the flag a CLI user typed, for validation messages. */
export type FlagNames = ReadonlyMap<string, string>;

/** The library's ValidationError re-told with the flag's name; any other error as it is. */
export function inFlagTerms(error: unknown, names: FlagNames): unknown {
  if (!(error instanceof ValidationError)) return error;
  const flag = names.get(error.parameter);
  if (!flag) return error;
  const inFlags = outsideJson(error.detail, (text) =>
    text
      .replace(PARAMETER_IN_BACKTICKS, (whole, name: string) => (names.has(name) ? `\`${names.get(name)}\`` : whole))
      .replace(LIBRARY_NAME, (name) => names.get(name) ?? name)
      .replace(PARAMETER_IN_BRACKETS, (whole, name: string) => (names.has(name) ? `(${names.get(name)})` : whole))
      .replace(
        EXAMPLE_PARAMETERS,
        (_, list: string) =>
          `(e.g. ${list
            .split(", ")
            .map((name) => names.get(name) ?? name)
            .join(", ")})`,
      ),
  );
  return new ValidationError(flag, inFlags);
}

/**
 * `rewrite` applied to a message outside the JSON objects it quotes (a synced query, as the store
 * keeps it: its keys are data, not parameters to re-tell as flags).
 */
function outsideJson(message: string, rewrite: (text: string) => string): string {
  let told = "";
  let from = 0;
  for (let open = message.indexOf('{"'); open >= 0; open = message.indexOf('{"', from)) {
    const close = objectEnd(message, open);
    if (close < 0) break;
    told += rewrite(message.slice(from, open)) + message.slice(open, close + 1);
    from = close + 1;
  }
  return told + rewrite(message.slice(from));
}

/** Where the JSON object opening at `open` closes (its strings skipped), or -1. */
function objectEnd(text: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let at = open; at < text.length; at++) {
    const char = text[at];
    if (inString) {
      if (char === "\\") at++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return at;
  }
  return -1;
}

/** A parameter the library names in backticks: "needs `metrics` or `metricKeys`". */
const PARAMETER_IN_BACKTICKS = /`([A-Za-z.]+)`/g;

/** A plain-word parameter the library names in brackets: "a study (studies)". */
const PARAMETER_IN_BRACKETS = /\(([a-z]+)\)/g;

/** The parameters a library message gives as examples: "(e.g. studies, countryCode, brandName)". */
const EXAMPLE_PARAMETERS = /\(e\.g\. ([^)]*)\)/g;

/** camelCase parameters and `filters.x` keys in a library message; plain words ("name") are left alone. */
const LIBRARY_NAME = /\b[a-z]+(?:[A-Z][a-z]*)+\b|\bfilters\.[a-z_]+\b/g;

/** Runs `action`, re-telling validation failures with flag names. */
export async function withFlagNames<T>(names: FlagNames, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw inFlagTerms(error, names);
  }
}
