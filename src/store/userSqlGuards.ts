import { homedir } from "node:os";
import { readdir, realpath } from "node:fs/promises";
import { basename, join, resolve, sep } from "node:path";
import picomatch from "picomatch";
import { ValidationError } from "../errors";
import { isOpenHere, openFilePaths } from "./openFiles";
import { readSql, type ReadSql } from "./sqlLexer";

/**
 * SQL that reaches a file a store of this process has open (this store's or another's, or a file
 * another store attached), or its write-ahead log or the store's mark of it, is refused before it
 * runs. DuckDB's lock on a file is a POSIX record lock, the process's: attaching the file again
 * lets a second handle in (two handles diverge and lose committed tables), reading it (read_blob,
 * a path in FROM) opens and closes it, which drops the lock so another process may open it, and
 * COPY TO overwrites it. Each string literal and text parameter is read as a path as DuckDB reads it
 * (from the working folder; `~` the home folder; a `duckdb:` or `file://` prefix dropped), and as a
 * glob where it holds one (`*.duckdb`); so is each literal of SQL inside a literal (`query('…')`),
 * and the texts are read together for an open file's name spelled across them (`'f' || '.duckdb'`).
 * SQL that says "attach" or "import" is also refused for a literal with an open file's name. The
 * store checks what its connection holds attached after the SQL too (DuckDBStore's
 * #holdAttachedFiles). A name SQL computes otherwise (printf, a table's cells) is not read here.
 */
export async function refuseReachingOpenStores(sql: string, read: ReadSql, params: unknown): Promise<void> {
  const values = Array.isArray(params) ? params : typeof params === "object" && params !== null ? Object.values(params) : [];
  const texts = [...read.texts, ...values.filter((value): value is string => typeof value === "string")];
  if (texts.length === 0) return;
  const attaching = /attach|import/i.test(sql);
  // COPY TO a folder with OVERWRITE removes everything in it first
  const overwriting = /\boverwrite\b/i.test(read.code);
  const openPaths = openFilePaths();
  const openNames = new Set(openPaths.map((path) => basename(path)));
  for (const text of [...texts, ...texts.flatMap(textsInside)]) {
    const path = asPath(text);
    if (path === "" || path === ":memory:") continue;
    const globbed = globReaches(path, openPaths, read.code);
    const open = globbed || (await isOpenHere(resolve(path)));
    if (attaching && (open || openNames.has(basename(path)))) throw attachingOpenFile(JSON.stringify(text), "none of this SQL ran");
    if (globbed) throw reachingOpenFile(`${JSON.stringify(text)}, read as a glob, matches a store this process has open or its log`);
    const database = path.replace(STORE_SIDE_FILE, "");
    if (open || (database !== path && (await isOpenHere(resolve(database)))))
      throw reachingOpenFile(`${JSON.stringify(text)} is ${database !== path ? "the log of " : ""}a store this process has open`);
    const held = overwriting ? await heldOpenFile(path, openPaths) : undefined;
    if (held) throw reachingOpenFile(`${JSON.stringify(text)} is a folder ${held}, which COPY's OVERWRITE would empty`);
  }
  const spelled = await pathAcrossTexts(texts, openPaths, openNames, read.code);
  if (spelled !== undefined)
    throw reachingOpenFile(`its texts read together spell ${JSON.stringify(spelled)}, a store this process has open (or its log)`);
}

function reachingOpenFile(what: string): ValidationError {
  return new ValidationError(
    "sql",
    `SQL that reaches no open store's file: ${what}, whose DuckDB lock the process would lose once this SQL opened and closed the file ` +
      "(and COPY TO would overwrite it); none of this SQL ran. Query that store's tables by name, or close it first",
  );
}

/** A text as the path DuckDB reads it as (a `duckdb:` or `file://` prefix dropped, `~` the home folder). */
const asPath = (text: string): string =>
  text
    .replace(/^duckdb:/i, "")
    .replace(/^file:(?:\/\/(?:localhost)?)?/i, "")
    .replace(/^~(?=\/|$)/, homedir());

/** The literals of SQL written inside a text (`query('SELECT * FROM read_blob(''f.duckdb'')')`), at any depth. */
function textsInside(text: string): string[] {
  if (!text.includes("'") && !text.includes("$")) return [];
  const inner = readSql(text).texts.filter((inside) => inside !== text);
  return [...inner, ...inner.flatMap(textsInside)];
}

/** Entries of a folder COPY's OVERWRITE would empty read for links, at most: past them the folder is refused. */
const MOST_ENTRIES_READ = 20_000;

/** Whether `file` lies inside `folder`, at any depth. */
const inside = (file: string, folder: string): boolean => file.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/**
 * How `path` holds one of `open` (at any depth), or undefined: itself or through its links a folder
 * above an open store, or a link in it, at any depth, to a folder above one (DuckDB empties the
 * folder through such a link). A folder of more entries than are read is taken as holding one.
 */
async function heldOpenFile(path: string, open: readonly string[]): Promise<string | undefined> {
  const folders = [resolve(path), await realpath(path).catch(() => undefined)].filter((folder) => folder !== undefined);
  if (open.some((file) => folders.some((folder) => inside(file, folder)))) return "holding a store this process has open";
  const pending = [resolve(path)];
  let read = 0;
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    read += entries.length;
    if (read > MOST_ENTRIES_READ)
      return `of more than ${MOST_ENTRIES_READ} entries, too many to read for a link to a store this process has open`;
    for (const entry of entries) {
      const entryPath = join(folder, entry.name);
      if (entry.isDirectory()) pending.push(entryPath);
      else if (entry.isSymbolicLink()) {
        const target = await realpath(entryPath).catch(() => undefined);
        if (target !== undefined && open.some((file) => inside(file, target)))
          return `holding a link (${entryPath}) to a folder holding a store this process has open`;
      }
    }
  }
  return undefined;
}

/** DuckDB's glob characters (`*`, `?`, `[…]`, `**`). */
const GLOB = /[*?[]/;

/** DuckDB's functions and statements that open the files a glob matches (`glob()` only lists them). */
const FILE_READERS = /\b(?:read_\w+|\w+_scan|sniff_csv|parquet_\w+|copy|attach)\b/i;

/**
 * Whether `path`, read as DuckDB's glob, names one of `open` (or its log). Not where the SQL only
 * lists files (`glob('*')`), nor a text of stars alone (`repeat('*', 5)`) in SQL that names no
 * reader of files.
 */
function globReaches(path: string, open: readonly string[], code: string): boolean {
  if (!GLOB.test(path)) return false;
  const readsFiles = FILE_READERS.test(code);
  if (!readsFiles && (/\bglob\s*\(/i.test(code) || /^\**$/.test(path))) return false;
  const matches = picomatch(resolve(path), { dot: true });
  return open.some((file) => matches(file) || matches(`${file}.wal`) || matches(`${file}.wal.fountframe`));
}

/** Texts read together, at most, for a file name spelled across them. */
const MOST_PIECES = 8;

/**
 * An open file (or its log) named by two or more of `texts` read one after another (`'f' ||
 * '.duckdb'`, `concat('f', '.duckdb')`), or undefined. A name inside one text is that text's to
 * say, read as a path above.
 */
async function pathAcrossTexts(
  texts: readonly string[],
  openPaths: readonly string[],
  openNames: ReadonlySet<string>,
  code: string,
): Promise<string | undefined> {
  for (let first = 0; first < texts.length; first++)
    for (let last = first + 1; last < Math.min(texts.length, first + MOST_PIECES); last++) {
      const path = asPath(texts.slice(first, last + 1).join(""));
      const database = path.replace(STORE_SIDE_FILE, "");
      if (!openNames.has(basename(database)) && !GLOB.test(database)) continue;
      if ((await isOpenHere(resolve(database))) || globReaches(database, openPaths, code)) return path;
    }
  return undefined;
}

/** A database's write-ahead log, and the store's mark of it, beside the database (`<file>.wal`, `<file>.wal.fountframe`). */
const STORE_SIDE_FILE = /\.wal(?:\.fountframe)?$/i;

/** The refusal of SQL that attached (or would attach) `file`, a file open in this process. */
export function attachingOpenFile(file: string, outcome: string): ValidationError {
  return new ValidationError(
    "sql",
    `SQL that attaches no open store: ${file} is a store this process has open (or a file of the same name), and a second handle on its file would lose committed tables; ${outcome}. Query that store itself (its query method), or close it first`,
  );
}

/**
 * Settings of DuckDB's that nothing sets back while the database is open, and that fail the store's
 * own work until it is opened again: a sync's commits (disabled_filesystems), writeParquet
 * (enable_external_access), the file itself (debug_checkpoint_abort).
 */
const UNDOABLE_SETTINGS = /\b(disabled_filesystems|enable_external_access|debug_checkpoint_abort)\b/i;

/**
 * SQL that would wedge the store's DuckDB is refused before it runs: locking its configuration
 * (`SET lock_configuration = true`: a sync sets its own memory, threads and checkpoints, and nothing
 * lifts the lock again), a setting of UNDOABLE_SETTINGS, or setting max_expression_depth for every
 * connection (`SET GLOBAL`, a PRAGMA): a low one fails the store's own SQL, syncs included, and the
 * statement that would set it back, until the store is opened anew. For its own session alone, SQL
 * may set it (a query's connection that cannot run the store's checks after it is replaced).
 */
export function refuseWedgingSettings(read: ReadSql): void {
  if (/\block_configuration\b/i.test(read.code))
    throw new ValidationError(
      "sql",
      "SQL that leaves the store's configuration open: lock_configuration would keep every later sync from setting its own, until the store is opened again; none of this SQL ran",
    );
  const undoable = UNDOABLE_SETTINGS.exec(read.code)?.[1];
  if (undoable !== undefined)
    throw new ValidationError(
      "sql",
      `SQL that leaves DuckDB's settings usable: ${undoable} cannot be set back while the store is open, and would fail its syncs or exports until it is opened again; none of this SQL ran`,
    );
  const everyConnection = (statement: string) =>
    /\bmax_expression_depth\b/i.test(statement) && !/^\s*reset\b/i.test(statement) && /\bglobal\b|^\s*pragma\b/i.test(statement);
  if (read.code.split(";").some(everyConnection))
    throw new ValidationError(
      "sql",
      "SQL that leaves DuckDB's settings usable: max_expression_depth set for every connection (SET GLOBAL, PRAGMA) would reach the store's own SQL and its syncs, and a low one could not be set back until the store is opened again; none of this SQL ran. Set it for your session alone: SET max_expression_depth = 1000",
    );
}

/**
 * SQL that writes a whole database into the store's is refused before it runs: IMPORT DATABASE runs
 * the statements of a folder's schema.sql and load.sql, which none of the checks above read (a DROP
 * of the sync state, a SET GLOBAL would pass), and COPY FROM DATABASE copies every table of another,
 * a sync state among them, without naming one.
 */
export function refuseWholeDatabaseCopies(read: ReadSql): void {
  if (/\bimport\s+database\b/i.test(read.code))
    throw new ValidationError(
      "sql",
      "SQL the store can check before it runs: IMPORT DATABASE runs the statements of the folder's schema.sql and load.sql, which it cannot; none of this SQL ran. Import into the store's file with DuckDB itself while the store is closed, or read the folder's files (read_csv, read_parquet) into a table",
    );
  if (/\bcopy\s+from\s+database\b/i.test(read.code))
    throw new ValidationError(
      "sql",
      "SQL the store can check before it runs: COPY FROM DATABASE copies every table of a database, the sync state among them, without naming one; none of this SQL ran. Copy the tables you want one by one (CREATE TABLE t AS SELECT * FROM other.main.t)",
    );
}
