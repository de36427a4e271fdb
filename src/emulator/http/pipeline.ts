import type { IncomingMessage, ServerResponse } from "node:http";
import { releaseBody } from "../brandscape/byteSink";
import { BODY_FAULTS, type FaultBook, type FaultRule } from "../faults";
import { pageViewOf } from "../pageFaults";
import { requestedPage } from "../query/parseQuery";
import type { StatsRecorder } from "../stats";
import { dispatch, type Resources } from "./dispatch";
import { HttpError } from "./errors";
import { answerFault, sendSpoiledBody } from "./faultResponses";
import { keptAnswer, sendBytes, sendOverLink, type Link, type Sent } from "./link";
import type { RateLimiter } from "./rateLimit";
import { errorBody, wantsJson } from "./respond";
import { matchRoute, resourceOfPath } from "./routes";
import type { EmulatorRevisions } from "../revisions/emulatorRevisions";
import { REVISION_PREFIX, serveRevision } from "../revisions/revisionRoutes";

export type Latency = number | ((request: { resource: string; page: number }) => number);

export interface PipelineContext {
  readonly resources: Resources;
  readonly faults: FaultBook;
  readonly limiter: RateLimiter;
  readonly stats: StatsRecorder;
  /** the one accepted token; undefined accepts any non-empty one */
  readonly token?: string;
  readonly latency?: Latency;
  /** compression and bandwidth between the service and its clients */
  readonly link: Link;
  /** a delay that close() cancels */
  delay(ms: number): Promise<void>;
  /** the emulator's own POST routes change its data (revisions/); not counted, paced or faulted */
  readonly revisions?: EmulatorRevisions;
}

const BEARER = /^Bearer\s+(\S.*)$/i;

function authenticated(req: IncomingMessage, token: string | undefined): boolean {
  const presented = BEARER.exec(req.headers.authorization ?? "")?.[1]?.trim();
  return presented !== undefined && presented !== "" && (token === undefined || presented === token);
}

/**
 * One request, in the order the real stack meets it: the network (latency, injected faults),
 * the rate limiter, authentication, then the route.
 */
export async function handleRequest(context: PipelineContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = req.url ?? "/";
  const queryAt = target.indexOf("?");
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  const rawQuery = queryAt < 0 ? "" : target.slice(queryAt + 1);
  if (context.revisions && path.startsWith(REVISION_PREFIX)) return serveRevision(context.revisions, path, req, res);
  const resource = resourceOfPath(path);
  const page = requestedPage(rawQuery);
  const entry = context.stats.begin(path, rawQuery, page);
  res.on("finish", () => {
    entry.status = res.statusCode;
  });
  res.on("close", () => context.stats.end(entry));

  const onSent = (sent: Sent) => context.stats.sent(entry, sent.bytes, sent.coding);

  const latencyMs = typeof context.latency === "function" ? context.latency({ resource, page }) : (context.latency ?? 0);
  if (latencyMs > 0) await context.delay(latencyMs);

  let fault: FaultRule | null = context.faults.take(resource, page);
  if (fault?.kind === "hang") {
    if (fault.ms === undefined) return; // never answered; close() ends the socket
    await context.delay(fault.ms);
    fault = null;
  }
  // a page fault shapes the answer's body; rateHeaders its headers; the others replace or spoil the answer
  const view = pageViewOf(fault);
  if (view) fault = null;
  const headersSaid = fault?.kind === "rateHeaders" ? fault.headers : undefined;
  if (headersSaid) fault = null;
  if (fault && !BODY_FAULTS.has(fault.kind)) {
    answerFault(fault, req, res, context.limiter.limitHeader());
    return;
  }

  const hit = context.limiter.hit();
  const decision = headersSaid ? { ...hit, headers: { ...hit.headers, ...headersSaid } } : hit;
  try {
    if (decision.limited) throw new HttpError(429, "Too Many Attempts.");
    if (req.method !== "GET" && req.method !== "HEAD") throw methodNotAllowed(req.method, path);
    const route = matchRoute(path);
    if (route.kind !== "health" && !authenticated(req, context.token)) throw new HttpError(401, "Unauthenticated.");
    const kept = fault || view || route.kind === "health" ? undefined : keptAnswer(context.link, req);
    if (kept) {
      await sendBytes(context.link, req, res, 200, kept.bytes, kept.coding, decision.headers, "application/json", onSent);
      return;
    }
    const body = dispatch(route, rawQuery, `http://${req.headers.host ?? "localhost"}`, context.resources, view);
    if (fault) {
      const bytes = Buffer.from(body); // a copy: the spoiled answer may outlive the pooled body
      if (typeof body !== "string") releaseBody(body);
      await sendSpoiledBody(fault, req, res, bytes, decision.headers, context.delay);
      return;
    }
    if (typeof body !== "string") res.once("finish", () => releaseBody(body));
    // a page fault's view is this request's alone: its answer is not kept for the next
    await sendOverLink(context.link, req, res, 200, body, decision.headers, "application/json", route.kind !== "health" && !view, onSent);
  } catch (error) {
    const httpError = error instanceof HttpError ? error : new HttpError(500, "Server Error");
    if (!(error instanceof HttpError)) console.error("fountframe emulator:", error);
    const [body, contentType] = errorBody(httpError, wantsJson(req));
    const headers = { ...decision.headers, ...(httpError.status === 405 ? { Allow: ALLOWED_METHODS } : {}) };
    await sendOverLink(context.link, req, res, httpError.status, body, headers, contentType, false, onSent);
  }
}

const ALLOWED_METHODS = "GET, HEAD";

const methodNotAllowed = (method: string | undefined, path: string) =>
  new HttpError(405, `The ${method} method is not supported for route ${path.slice(1)}. Supported methods: ${ALLOWED_METHODS}.`);
