import type { IncomingMessage, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import type { FaultRule } from "../faults";
import { tooManyHeaders } from "./rateLimit";
import { send } from "./respond";

const contentTypeOf = (body: string) =>
  body.startsWith("<") ? "text/html; charset=UTF-8" : body.startsWith("{") || body.startsWith("[") ? "application/json" : "text/plain; charset=UTF-8";

/** Answers a status, rateLimit or reset fault at once. */
export function answerFault(rule: FaultRule, req: IncomingMessage, res: ServerResponse, rateLimitHeader: string): void {
  switch (rule.kind) {
    case "status": {
      const status = rule.status ?? 503;
      const body = rule.body ?? JSON.stringify({ message: STATUS_CODES[status] ?? "Server Error" });
      send(res, status, body, {}, contentTypeOf(body));
      return;
    }
    case "rateLimit":
      send(res, 429, JSON.stringify({ message: "Too Many Attempts." }), tooManyHeaders(rateLimitHeader, rule.retryAfter ?? 1));
      return;
    case "reset": {
      // an RST rather than a FIN, as a dropped connection looks to the client
      const socket = req.socket as typeof req.socket & { resetAndDestroy?: () => void };
      if (typeof socket.resetAndDestroy === "function") socket.resetAndDestroy();
      else socket.destroy();
      return;
    }
    default:
      throw new Error(`fault kind ${rule.kind} is not answered at once`);
  }
}

/** A 200 whose JSON stops halfway, as a truncated transfer arrives. */
export function truncated(body: string | Buffer): string | Buffer {
  const cut = Math.max(1, Math.floor(body.length / 2));
  return typeof body === "string" ? body.slice(0, cut) : body.subarray(0, cut);
}
