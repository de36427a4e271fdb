import type { IncomingMessage, ServerResponse } from "node:http";
import { chooseCoding, type Coding } from "./acceptEncoding";
import { CompressedBodies, MIN_COMPRESSED_BYTES } from "./compressBody";
import { writeHead, type Headers } from "./respond";
import type { SharedBandwidth } from "./sharedBandwidth";

/** What lies between the service and its clients: compression at the edge, and a link of limited bandwidth. */
export interface Link {
  /** answers compressed when the request's Accept-Encoding allows; undefined: never */
  readonly compressed?: CompressedBodies;
  /** the codings compressed answers may come in, best first */
  readonly offered: readonly Coding[];
  /** the data's generation: an answer kept from an earlier one is not served */
  generation(): number;
  /** every answer's bytes pass through this one bucket; undefined: as fast as the socket takes them */
  readonly bandwidth?: SharedBandwidth;
  /** a delay that close() cancels */
  delay(ms: number): Promise<void>;
}

/** What an answer put on the wire: its body's bytes, and their coding when compressed. */
export interface Sent {
  bytes: number;
  coding?: Coding;
}

/** A write's share of the link: small enough that connections interleave, as packets do. */
const CHUNK_BYTES = 16 * 1024;

/** The same request on the same data, whatever order its query names its parameters in: one cached answer. */
function requestKey(req: IncomingMessage, generation: number): string {
  const target = req.url ?? "/";
  const queryAt = target.indexOf("?");
  if (queryAt < 0) return `${generation} ${req.headers.host} ${target}`;
  const params = [...new URLSearchParams(target.slice(queryAt + 1))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${generation} ${req.headers.host} ${target.slice(0, queryAt)}?${new URLSearchParams(params)}`;
}

/**
 * A whole answer through the link: compressed when both sides agree (`cacheable`: the same request
 * always gets these bytes), then paced by the shared bandwidth.
 */
export async function sendOverLink(
  link: Link,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Headers,
  contentType: string,
  cacheable: boolean,
  onSent: (sent: Sent) => void,
): Promise<void> {
  let bytes = typeof body === "string" ? Buffer.from(body) : body;
  let coding: Coding | undefined;
  if (link.compressed) {
    coding = bytes.length >= MIN_COMPRESSED_BYTES ? chooseCoding(req.headers["accept-encoding"], link.offered) : undefined;
    if (coding) {
      bytes = cacheable
        ? await link.compressed.get(requestKey(req, link.generation()), bytes, coding)
        : await link.compressed.compress(bytes, coding);
    }
  }
  await sendBytes(link, req, res, status, bytes, coding, headers, contentType, onSent);
}

/**
 * The compressed answer kept for this request, as a caching proxy answers it without asking the
 * service again: the service's CPU is then the measured client's, not the emulator's.
 */
export function keptAnswer(link: Link, req: IncomingMessage): { bytes: Buffer; coding: Coding } | undefined {
  const coding = link.compressed && chooseCoding(req.headers["accept-encoding"], link.offered);
  const bytes = coding && link.compressed?.kept(requestKey(req, link.generation()), coding);
  return coding && bytes ? { bytes, coding } : undefined;
}

/** An answer's bytes, in `coding` when compressed, paced by the link's bandwidth. */
export async function sendBytes(
  link: Link,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  bytes: Buffer,
  coding: Coding | undefined,
  headers: Headers,
  contentType: string,
  onSent: (sent: Sent) => void,
): Promise<void> {
  const varyHeaders: Record<string, string> = {};
  if (link.compressed) varyHeaders.Vary = "Accept-Encoding";
  if (coding) varyHeaders["Content-Encoding"] = coding;
  if (!writeHead(res, status, bytes.length, { ...headers, ...varyHeaders }, contentType)) return;
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  onSent({ bytes: bytes.length, coding });
  if (!link.bandwidth) {
    res.end(bytes);
    return;
  }
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
    const waitMs = link.bandwidth.book(chunk.length);
    if (waitMs >= 1) await link.delay(waitMs);
    if (res.destroyed) return;
    if (!res.write(chunk)) await drainedOrClosed(res);
  }
  res.end();
}

/** Waits for the answer's buffer to drain (or its connection to close), leaving no listener behind. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.on("drain", done).on("close", done);
  });
}
