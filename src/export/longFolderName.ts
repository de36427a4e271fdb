import { createHash } from "node:crypto";

/** The most bytes a file system takes in one name (ext4, APFS, NTFS in UTF-16 units: 255). */
export const MAX_FOLDER_NAME_BYTES = 255;
/** A shortened partition folder's name fits this, leaving room for tools that add to a name. */
export const SHORTENED_FOLDER_NAME_BYTES = 200;
/** Hex digits of the value's SHA-256 that tell two values with one prefix apart. */
const HASH_DIGITS = 16;
/**
 * The most bytes (UTF-8) of a partition folder's `column=` part: what a shortened name leaves beside
 * `~`, the hash and one character of the value (4 bytes at most). A longer column name (a Hive
 * partition's name is its column's, so it cannot be shortened) is refused before anything is written.
 */
export const MAX_PARTITION_PREFIX_BYTES = SHORTENED_FOLDER_NAME_BYTES - 1 - HASH_DIGITS - 4;
/** The file in a shortened partition folder holding its whole value (`_` first: engines skip it). */
export const PARTITION_VALUE_FILE = "_partition_value.txt";

/**
 * A partition folder's name (`column=value`, escaped) that fits one file name: itself when it does,
 * else `column=` + the escaped value's first characters + `~` + the first 16 hex digits of the
 * SHA-256 of the whole escaped value (UTF-8), within 200 bytes. The cut never splits a character
 * or a `%XX` escape. Undefined when the name fits as it is.
 */
export function shortenedFolderName(prefix: string, escapedValue: string): string | undefined {
  // a UTF-16 unit is at most 3 bytes of UTF-8: most names need no counting
  if ((prefix.length + escapedValue.length) * 3 <= MAX_FOLDER_NAME_BYTES) return undefined;
  if (Buffer.byteLength(prefix) + Buffer.byteLength(escapedValue) <= MAX_FOLDER_NAME_BYTES) return undefined;
  const hash = createHash("sha256").update(escapedValue, "utf8").digest("hex").slice(0, HASH_DIGITS);
  let room = SHORTENED_FOLDER_NAME_BYTES - Buffer.byteLength(prefix) - 1 - HASH_DIGITS;
  let kept = "";
  for (const character of escapedValue) {
    room -= Buffer.byteLength(character);
    if (room < 0) break;
    kept += character;
  }
  // a `%XX` escape cut after `%` or `%X` would read as another character
  kept = kept.replace(/%[0-9A-F]?$/, "");
  return `${prefix}${kept}~${hash}`;
}
