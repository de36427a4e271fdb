/**
 * JSON text of a value, bigints as text: JSON.stringify, or where the value is nested too deeply
 * for it (V8's JSON.stringify recurses, and a record a few thousand levels deep overflows the
 * stack) the same text from a walk with its own stack. Undefined when JSON.stringify gives none.
 */
export function jsonText(value: unknown, indent?: number): string | undefined {
  try {
    return JSON.stringify(value, bigintAsText, indent);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return jsonTextWithoutRecursion(value, indent);
  }
}

/**
 * A nested value (a list, an object) as the text of its cell: its JSON, where a number past the
 * double range (±Infinity, `1e400` in the service's JSON) is written `1e400` or `-1e400`, which a
 * JSON reader takes back as that number (JSON.stringify would write null and lose it).
 */
export function cellJsonText(value: unknown): string | undefined {
  const text = jsonText(value);
  if (text === undefined || !text.includes("null") || !holdsInfinite(value)) return text;
  return jsonTextWithoutRecursion(value, undefined, true);
}

/**
 * Whether a value, or any value nested in it, is ±Infinity (which JSON.stringify writes as null):
 * looked through with a list of its own, since a value may nest deeper than the call stack.
 */
export function holdsInfinite(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "number") {
      if (next === Infinity || next === -Infinity) return true;
    } else if (next !== null && typeof next === "object") {
      for (const inner of Array.isArray(next) ? next : Object.values(next)) pending.push(inner);
    }
  }
  return false;
}

/** A JSON.stringify replacer: NaN already becomes null there, but a bigint would throw. */
export function bigintAsText(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? String(value) : value;
}

type Frame =
  | { kind: "array"; items: readonly unknown[]; index: number; depth: number }
  | { kind: "object"; object: Record<string, unknown>; keys: string[]; index: number; depth: number; wrote: boolean };

/**
 * A value as JSON.stringify would write it (bigints as text), without recursion: objects and lists
 * are walked with an explicit stack. `infinities`: ±Infinity written `1e400` / `-1e400` (cellJsonText).
 */
export function jsonTextWithoutRecursion(root: unknown, indent?: number, infinities = false): string | undefined {
  const gap = indent ? " ".repeat(Math.min(10, indent)) : "";
  const parts: string[] = [];
  const stack: Frame[] = [];
  const newline = (depth: number) => (gap ? `\n${gap.repeat(depth)}` : "");
  /** writes a value, or opens its frame; false when the value has no JSON form (undefined, a function) */
  const write = (raw: unknown, depth: number): boolean => {
    let value = typeof raw === "bigint" ? String(raw) : raw;
    if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function")
      value = (value as { toJSON: () => unknown }).toJSON();
    if (value === null) parts.push("null");
    else if (infinities && (value === Infinity || value === -Infinity)) parts.push(value > 0 ? "1e400" : "-1e400");
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") parts.push(JSON.stringify(value));
    else if (typeof value === "bigint") parts.push(JSON.stringify(String(value)));
    else if (Array.isArray(value)) {
      parts.push("[");
      stack.push({ kind: "array", items: value, index: 0, depth: depth + 1 });
    } else if (typeof value === "object") {
      parts.push("{");
      stack.push({
        kind: "object",
        object: value as Record<string, unknown>,
        keys: Object.keys(value),
        index: 0,
        depth: depth + 1,
        wrote: false,
      });
    } else return false;
    return true;
  };
  if (!write(root, 0)) return undefined;
  while (stack.length) {
    const frame = stack[stack.length - 1];
    if (frame.kind === "array") {
      if (frame.index === frame.items.length) {
        stack.pop();
        parts.push(frame.items.length ? `${newline(frame.depth - 1)}]` : "]");
        continue;
      }
      parts.push(`${frame.index ? "," : ""}${newline(frame.depth)}`);
      if (!write(frame.items[frame.index++], frame.depth)) parts.push("null");
      continue;
    }
    if (frame.index === frame.keys.length) {
      stack.pop();
      parts.push(frame.wrote ? `${newline(frame.depth - 1)}}` : "}");
      continue;
    }
    const key = frame.keys[frame.index++];
    const value = frame.object[key];
    if (value === undefined || typeof value === "function" || typeof value === "symbol") continue;
    parts.push(`${frame.wrote ? "," : ""}${newline(frame.depth)}${JSON.stringify(key)}:${gap ? " " : ""}`);
    frame.wrote = true;
    write(value, frame.depth);
  }
  return parts.join("");
}
