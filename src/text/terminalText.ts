import stringWidth from "string-width";
import wrapAnsi from "wrap-ansi";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Drawn two columns wide whatever follows: an emoji shown as one (a flag, a keycap, a ZWJ family), or a character with VS16. */
const WIDE_EMOJI = /\p{Emoji_Presentation}|\p{Regional_Indicator}|\uFE0F/u;
/** Drawn zero columns wide: format characters (ZWSP, bidi marks) and marks that sit on the character before. */
const ZERO_WIDTH = /^[\p{Cf}\p{Mn}\p{Me}]/u;

/**
 * The characters of `text` (graphemes: a letter with its accents, a ZWJ family) with the terminal
 * columns each takes, as wcwidth draws them: a grapheme is as wide as its first character (2 for
 * East Asian wide ones, string-width's rule) or 2 as an emoji, a zero-width one 0.
 */
export function* displayCharacters(text: string): Generator<{ readonly segment: string; readonly width: number }> {
  for (const { segment } of graphemes.segment(text)) {
    if (WIDE_EMOJI.test(segment)) yield { segment, width: 2 };
    else if (ZERO_WIDTH.test(segment)) yield { segment, width: 0 };
    else yield { segment, width: stringWidth(String.fromCodePoint(segment.codePointAt(0)!)) };
  }
}

/** The terminal columns `text` takes (displayCharacters). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const character of displayCharacters(text)) width += character.width;
  return width;
}

/**
 * Whitespace runs (line breaks too) as one space, and characters a terminal acts on as U+FFFD (ESC
 * and the other controls, and the bidi overrides and isolates, which reorder what follows): one
 * line of plain text.
 */
export const terminalLine = (text: string): string =>
  // eslint-disable-next-line no-control-regex -- the control characters are what it finds
  text.replace(/\s+/g, " ").replace(/[\x00-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]/g, "\uFFFD");

/** A line of our own words (a table's summary) folded at spaces into lines of `width` terminal columns at most. */
export const foldedToWidth = (text: string, width: number): string => wrapAnsi(text, width, { hard: true });
