import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpError } from "./errors";

export type Headers = Readonly<Record<string, string>>;

export function send(res: ServerResponse, status: number, body: string | Buffer, headers: Headers, contentType = "application/json"): void {
  if (!writeHead(res, status, typeof body === "string" ? Buffer.byteLength(body) : body.length, headers, contentType)) return;
  res.end(body);
}

/** The status line and headers of an answer of `length` bytes; false when it can no longer be sent. */
export function writeHead(
  res: ServerResponse,
  status: number,
  length: number,
  headers: Headers,
  contentType = "application/json",
): boolean {
  if (res.destroyed || res.headersSent) return false;
  res.writeHead(status, {
    "Content-Type": contentType,
    "Content-Length": length,
    "Cache-Control": "no-cache, private",
    ...headers,
  });
  return true;
}

/**
 * Laravel answers errors as an HTML page unless the request asks for JSON (WIRE.md: send
 * `Accept: application/json`). A bare wildcard (fetch default) gets the HTML page too.
 */
export const wantsJson = (req: IncomingMessage): boolean =>
  /json/i.test(req.headers.accept ?? "") || req.headers["x-requested-with"] === "XMLHttpRequest";

/** The error body the docs show for every status (errors.md). */
export const errorJson = (message: string) => ({ data: { message } });

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function errorBody(error: HttpError, asJson: boolean): [body: string, contentType: string] {
  if (asJson) {
    return [JSON.stringify(errorJson(error.message)), "application/json"];
  }
  const title = `${error.status} | ${escapeHtml(error.message)}`;
  return [
    `<!DOCTYPE html>\n<html lang="en"><head><title>${title}</title></head><body><div>${title}</div></body></html>\n`,
    "text/html; charset=UTF-8",
  ];
}
