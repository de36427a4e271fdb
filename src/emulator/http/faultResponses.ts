import type { IncomingMessage, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import type { FaultRule } from "../faults";
import { tooManyHeaders } from "./rateLimit";
import { errorJson, send, writeHead, type Headers } from "./respond";

const contentTypeOf = (body: string) =>
  body.startsWith("<")
    ? "text/html; charset=UTF-8"
    : body.startsWith("{") || body.startsWith("[")
      ? "application/json"
      : "text/plain; charset=UTF-8";

const TRICKLE_MS = 250;

/** Answers a status, rateLimit, reset or echoHeaders fault at once. */
export function answerFault(rule: FaultRule, req: IncomingMessage, res: ServerResponse, rateLimitHeader: string): void {
  switch (rule.kind) {
    case "status": {
      const status = rule.status ?? 503;
      const body = rule.body ?? JSON.stringify(errorJson(STATUS_CODES[status] ?? "Server Error"));
      send(res, status, body, {}, contentTypeOf(body));
      return;
    }
    case "rateLimit":
      send(res, 429, JSON.stringify(errorJson("Too Many Attempts.")), tooManyHeaders(rateLimitHeader, rule.retryAfter ?? 1));
      return;
    case "reset":
      dropConnection(req);
      return;
    case "echoHeaders": {
      // a proxy or debug page that repeats what it was sent, Authorization included
      const status = rule.status ?? 400;
      const echoed = Object.entries(req.headers)
        .map(([name, value]) => `${name}: ${String(value)}`)
        .join("; ");
      send(
        res,
        status,
        JSON.stringify(errorJson(`${STATUS_CODES[status] ?? "Error"}: ${req.method} ${req.url} with headers ${echoed}`)),
        {},
      );
      return;
    }
    default:
      throw new Error(`fault kind ${rule.kind} is not answered at once`);
  }
}

/** The normal 200 answer with its body spoiled (or revised) as a malformed, mislabelled, trickle, cutOff, nullRecord or revised rule says. */
export async function sendSpoiledBody(
  rule: FaultRule,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  headers: Headers,
  delay: (ms: number) => Promise<void>,
): Promise<void> {
  switch (rule.kind) {
    case "malformed":
      send(res, 200, truncated(body), headers);
      return;
    case "mislabelled":
      send(res, 200, body, { ...headers, "Content-Encoding": rule.coding ?? "br" });
      return;
    case "nullRecord":
      send(res, 200, withNullRecord(body, rule.index ?? 0), headers);
      return;
    case "revised":
      send(res, 200, revised(body, rule.field ?? "name", rule.value ?? null), headers);
      return;
    case "deepRecord":
      send(res, 200, withDeepRecord(body, rule.index ?? 0, rule.field ?? "nested", rule.depth ?? DEEP_RECORD_DEPTH), headers);
      return;
    case "cutOff": {
      // the full Content-Length is announced, then the connection drops after `bytes`
      if (!writeHead(res, 200, body.length, headers)) return;
      const sent = Math.min(body.length - 1, rule.bytes ?? Math.floor(body.length / 2));
      res.write(body.subarray(0, Math.max(0, sent)), () => dropConnection(req));
      return;
    }
    case "trickle": {
      if (!writeHead(res, 200, body.length, headers)) return;
      const pieceBytes = Math.max(1, rule.bytes ?? 1);
      for (let offset = 0; offset < body.length; offset += pieceBytes) {
        if (res.destroyed) return;
        res.write(body.subarray(offset, offset + pieceBytes));
        await delay(rule.ms ?? TRICKLE_MS);
      }
      res.end();
      return;
    }
    default:
      throw new Error(`fault kind ${rule.kind} does not spoil a body`);
  }
}

/** An RST rather than a FIN, as a dropped connection looks to the client. */
function dropConnection(req: IncomingMessage): void {
  const socket = req.socket as typeof req.socket & { resetAndDestroy?: () => void };
  if (typeof socket.resetAndDestroy === "function") socket.resetAndDestroy();
  else socket.destroy();
}

/** A page whose record at `index` is `null`, as a serializer that lost a row answers. */
function withNullRecord(body: Buffer, index: number): string | Buffer {
  const parsed = JSON.parse(body.toString("utf8")) as { data?: unknown };
  if (!Array.isArray(parsed.data) || parsed.data.length === 0) return body;
  parsed.data[Math.min(index, parsed.data.length - 1)] = null;
  return JSON.stringify(parsed);
}

const DEEP_RECORD_DEPTH = 10_000;
const DEEP_PLACEHOLDER = "\u0000deep record\u0000";

/**
 * A page whose record at `index` holds `{"a":{"a":...1...}}` under `field`, `depth` objects deep:
 * legal JSON that any recursive walk of the records overflows on. Written as text, since
 * JSON.stringify itself recurses.
 */
function withDeepRecord(body: Buffer, index: number, field: string, depth: number): string | Buffer {
  const parsed = JSON.parse(body.toString("utf8")) as { data?: unknown };
  if (!Array.isArray(parsed.data) || parsed.data.length === 0) return body;
  const record = parsed.data[Math.min(index, parsed.data.length - 1)] as Record<string, unknown>;
  record[field] = DEEP_PLACEHOLDER;
  const nested = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
  return JSON.stringify(parsed).replace(JSON.stringify(DEEP_PLACEHOLDER), () => nested);
}

/** A page whose records all have `field` set to `value`: the same records, revised. */
function revised(body: Buffer, field: string, value: unknown): string | Buffer {
  const parsed = JSON.parse(body.toString("utf8")) as { data?: unknown };
  if (!Array.isArray(parsed.data)) return body;
  for (const record of parsed.data)
    if (record !== null && typeof record === "object")
      // defined, not assigned: a field named `__proto__` is a field, as JSON.parse makes it
      Object.defineProperty(record, field, { value, enumerable: true, writable: true, configurable: true });
  return JSON.stringify(parsed);
}

/** A 200 whose JSON stops halfway, as a truncated transfer arrives. */
export function truncated(body: string | Buffer): string | Buffer {
  const cut = Math.max(1, Math.floor(body.length / 2));
  return typeof body === "string" ? body.slice(0, cut) : body.subarray(0, cut);
}
