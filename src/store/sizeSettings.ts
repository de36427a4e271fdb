import type { DuckDBConnection } from "@duckdb/node-api";

/** A size setting as DuckDB shows it: a number with at most one decimal, then bytes or a binary unit. */
const SHOWN_SIZE = /^(\d+(?:\.(\d+))?) (bytes|KiB|MiB|GiB|TiB|PiB)$/;

/**
 * A size setting (`memory_limit`, `checkpoint_threshold`) as text that sets it back to what it was.
 * DuckDB shows a size rounded down ("3GB" shows as "2.7 GiB"), and setting the text it shows lowers
 * it ("2.7 GiB" then shows as "2.6 GiB"), so a run that restored what it read lowered the user's
 * limit a step each time. The middle of what the shown text stands for ("2.75 GiB") shows as the
 * same text again. "No limit" (-1) shows in PiB, a unit DuckDB does not take back.
 */
export function settableSize(shown: string): string {
  const match = SHOWN_SIZE.exec(shown);
  if (match === null) return shown;
  const [, value, decimals = "", unit] = match;
  if (unit === "PiB") return "-1";
  if (unit === "bytes") return shown;
  const places = decimals.length;
  return `${(Number(value) + 0.5 * 10 ** -places).toFixed(places + 1)} ${unit}`;
}

/** A setting of the connection's DuckDB, as it reads. */
export async function currentSetting(
  connection: DuckDBConnection,
  name: "memory_limit" | "checkpoint_threshold" | "threads",
): Promise<unknown> {
  return (await connection.runAndReadAll(`SELECT current_setting('${name}')`)).getRows()[0][0];
}

/** A size setting of the connection's DuckDB, as text that sets it back (settableSize). */
export async function sizeSetting(connection: DuckDBConnection, name: "memory_limit" | "checkpoint_threshold"): Promise<string> {
  return settableSize(String(await currentSetting(connection, name)));
}
