import { MAX_PARTITION_PREFIX_BYTES, shortenedFolderName } from "./longFolderName";

/*
 * The one naming rule of a partition folder (docs/parquet.md, "Partitioned datasets"), for the
 * library's writer and store.writeParquet alike: `column=value`, the value escaped as Hive does and
 * read back by DuckDB as it was, shortened when too long for a file name (./longFolderName).
 */

/** Hive's name for the folder of missing values; DuckDB, Spark and pyarrow read it as null. */
export const NULL_FOLDER = "__HIVE_DEFAULT_PARTITION__";

/** The text `__HIVE_DEFAULT_PARTITION__` itself: its first `_` as `%5F`, which DuckDB reads back as the text, not null. */
const NULL_FOLDER_AS_TEXT = `%5F${NULL_FOLDER.slice(1)}`;

/** A text DuckDB reads as SQL NULL when it is a whole partition value (`null`, `NULL`, `Null`, ...). */
const NULL_WORD = /^null$/i;

/** What Hive escapes in a path part as %XX, besides control characters: `/`, `=`, `%` and what Windows forbids. */
const UNSAFE_IN_PATH = new Set("\"#%'*/:=?\\{[]^<>|");

/** A character below U+0100 as a path part's `%XX`. */
const percentEscaped = (code: number): string => `%${code.toString(16).toUpperCase().padStart(2, "0")}`;

export function escapePathPart(text: string): string {
  let escaped = "";
  for (const character of text) {
    const code = character.charCodeAt(0);
    escaped += code < 0x20 || code === 0x7f || UNSAFE_IN_PATH.has(character) ? percentEscaped(code) : character;
  }
  return escaped;
}

/** A partition column's folder prefix, `column=`, its name escaped. */
export const partitionPrefix = (column: string): string => `${escapePathPart(column)}=`;

/** Whether every value of the column can be given a folder name that fits a file name (see MAX_PARTITION_PREFIX_BYTES). */
export const fitsPartitionFolders = (column: string): boolean => Buffer.byteLength(partitionPrefix(column)) <= MAX_PARTITION_PREFIX_BYTES;

/** What partitionBy takes, for a ValidationError. */
export const PARTITION_BY_ALLOWED = `a list of column names, e.g. ["study_id"], each within ${MAX_PARTITION_PREFIX_BYTES - 1} bytes of UTF-8 once escaped for its folder name (column=value): a longer name leaves no file name for its folders; rename the column first`;

/** A partition folder: its name, and the whole value when the name had to be shortened (kept in _partition_value.txt). */
export interface PartitionFolder {
  readonly name: string;
  readonly wholeValue?: string;
}

/**
 * The folder of one partition value, given as it prints (null when missing), under `prefix`
 * (`escapePathPart(column) + "="`): null is `__HIVE_DEFAULT_PARTITION__`, the empty text an empty
 * name (`column=`), the text `__HIVE_DEFAULT_PARTITION__` is `%5F_HIVE_DEFAULT_PARTITION__`, and the
 * text `null` in any case has its first letter escaped (`%6Eull`): DuckDB reads a folder `column=null`
 * as SQL NULL, and decodes the escape after it has looked. A value ending as a shortened name does
 * (`~` and 16 hex digits) has that `~` as `%7E`.
 */
export function partitionFolder(prefix: string, text: string | null): PartitionFolder {
  if (text === null) return { name: prefix + NULL_FOLDER };
  const escaped =
    text === NULL_FOLDER
      ? NULL_FOLDER_AS_TEXT
      : NULL_WORD.test(text)
        ? `${percentEscaped(text.charCodeAt(0))}${text.slice(1)}`
        : escapePathPart(text);
  const shortened = shortenedFolderName(prefix, escaped);
  if (shortened !== undefined) return { name: shortened, wholeValue: text };
  // a value spelt as a shortened name ends (`~` and 16 hex digits) has that `~` escaped: no value shares a long value's folder
  return { name: prefix + escaped.replace(SHORTENED_END, "%7E$1") };
}

/** How a shortened folder name ends (longFolderName.ts): `~` and the hash's 16 hex digits. */
const SHORTENED_END = /~([0-9a-f]{16})$/;
