/** The variables `new Client()` reads for options not given (an explicit option always wins). */
export const TOKEN_VARIABLE = "FOUNT_API_TOKEN";
export const BASE_URL_VARIABLE = "FOUNT_BASE_URL";

/** A variable's value, or undefined when unset or blank. */
export function fromEnvironment(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}
