import { stat } from "node:fs/promises";

/**
 * What tells the store's file as the store last left it from one another program wrote in place (a
 * database copied over it, the file cut short): its size and modification time, or undefined when
 * it is gone. Taken between calls only: within a call DuckDB writes the file itself.
 */
export async function fileMarkOf(file: string): Promise<string | undefined> {
  const found = await stat(file).catch(() => undefined);
  return found && `${found.size}:${found.mtimeMs}`;
}
