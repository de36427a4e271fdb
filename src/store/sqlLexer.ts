/**
 * SQL split as DuckDB's lexer (PostgreSQL's) splits it, so far as the store's guards need: string
 * literals ('…' with '' inside, E'…' with its backslash escapes, $tag$…$tag$), comments (-- to the
 * line's end, /* … *\/ nested), quoted names ("…"), and the code between them. A literal or comment
 * left open runs to the end (DuckDB refuses such SQL before any of it runs).
 */
export interface SqlPiece {
  readonly kind: "code" | "text" | "comment" | "name";
  /** as written */
  readonly written: string;
  /** a text literal's value */
  readonly value?: string;
}

const IDENTIFIER_PART = /[\p{L}\p{N}_$\u0080-\uffff]/u;
const DOLLAR_TAG = /\$(?:[\p{L}_\u0080-\uffff][\p{L}\p{N}_\u0080-\uffff]*)?\$/uy;

export function sqlPieces(sql: string): SqlPiece[] {
  const pieces: SqlPiece[] = [];
  let code = 0;
  const flushCode = (to: number) => {
    if (to > code) pieces.push({ kind: "code", written: sql.slice(code, to) });
  };
  let at = 0;
  while (at < sql.length) {
    const char = sql[at];
    const next = sql[at + 1];
    const afterName = at > 0 && IDENTIFIER_PART.test(sql[at - 1]);
    let end: number | undefined;
    let piece: Omit<SqlPiece, "written"> | undefined;
    if (char === "-" && next === "-") {
      const line = sql.indexOf("\n", at);
      end = line < 0 ? sql.length : line;
      piece = { kind: "comment" };
    } else if (char === "/" && next === "*") {
      let depth = 0;
      end = at;
      while (end < sql.length) {
        if (sql.startsWith("/*", end)) {
          depth++;
          end += 2;
        } else if (sql.startsWith("*/", end)) {
          depth--;
          end += 2;
          if (depth === 0) break;
        } else end++;
      }
      piece = { kind: "comment" };
    } else if (char === '"') {
      end = closing(sql, at + 1, '"', false);
      piece = { kind: "name" };
    } else if (char === "'" || ((char === "E" || char === "e") && next === "'" && !afterName)) {
      const escapes = char !== "'";
      const from = at + (escapes ? 2 : 1);
      end = closing(sql, from, "'", escapes);
      piece = { kind: "text", value: unquoted(sql.slice(from, sql[end - 1] === "'" && end - 1 >= from ? end - 1 : end), escapes) };
    } else if (char === "$" && !afterName) {
      DOLLAR_TAG.lastIndex = at;
      const tag = DOLLAR_TAG.exec(sql)?.[0];
      if (tag !== undefined) {
        const close = sql.indexOf(tag, at + tag.length);
        end = close < 0 ? sql.length : close + tag.length;
        piece = { kind: "text", value: sql.slice(at + tag.length, close < 0 ? sql.length : close) };
      }
    }
    if (end === undefined || piece === undefined) {
      at++;
      continue;
    }
    flushCode(at);
    pieces.push({ ...piece, written: sql.slice(at, end) });
    at = end;
    code = end;
  }
  flushCode(sql.length);
  return pieces;
}

/** Where a quoted run that opened before `from` ends (after its closing quote; a doubled quote, or with `escapes` a backslash's next character, stays inside). */
function closing(sql: string, from: number, quote: string, escapes: boolean): number {
  for (let at = from; at < sql.length; at++) {
    if (escapes && sql[at] === "\\") at++;
    else if (sql[at] === quote) {
      if (sql[at + 1] === quote) at++;
      else return at + 1;
    }
  }
  return sql.length;
}

function unquoted(inner: string, escapes: boolean): string {
  const doubled = inner.replace(/''/g, "'");
  return escapes ? doubled.replace(/\\(.)/gs, "$1") : doubled;
}

/** SQL as the store's guards read it, lexed once. */
export interface ReadSql {
  /** the SQL without its string literals and comments (each a space): what names tables and settings */
  readonly code: string;
  /** the values of its string literals */
  readonly texts: readonly string[];
}

export function readSql(sql: string): ReadSql {
  const pieces = sqlPieces(sql);
  return {
    code: pieces.map((piece) => (piece.kind === "text" || piece.kind === "comment" ? " " : piece.written)).join(""),
    texts: pieces.flatMap((piece) => (piece.kind === "text" ? [piece.value!] : [])),
  };
}
