import type { IncomingMessage, ServerResponse } from "node:http";
import { BASE_PATH } from "../http/routes";
import { ValidationError } from "../validationError";
import type { EmulatorRevisions } from "./emulatorRevisions";
import type { AddStudyRequest, RemoveRequest, ReviseRequest } from "./types";

/** `POST <url>__emulator/revise` (and add-study, remove): the emulator's own routes, not the service's. */
export const REVISION_PREFIX = `${BASE_PATH}__emulator/`;

const MAX_BODY = 1 << 20;

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new ValidationError("body", "at most 1 MiB of JSON");
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new ValidationError("body", "a JSON object");
  }
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

/** Serves one request under REVISION_PREFIX: 200 with what changed, 400 naming a bad parameter, 404/405 otherwise. */
export async function serveRevision(revisions: EmulatorRevisions, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const action = path.slice(REVISION_PREFIX.length).replace(/\/$/, "");
  // the body is checked by the revision itself, which names the parameter it rejects
  const actions: Record<string, (body: unknown) => unknown> = {
    revise: (body) => revisions.revise(body as ReviseRequest),
    "add-study": (body) => revisions.addStudy(body as AddStudyRequest),
    remove: (body) => revisions.remove(body as RemoveRequest),
  };
  const run = actions[action];
  if (!run) return answer(res, 404, { data: { message: `No emulator route ${action}: one of ${Object.keys(actions).join(", ")}.` } });
  if (req.method !== "POST") return answer(res, 405, { data: { message: `POST ${REVISION_PREFIX}${action} with a JSON body.` } });
  try {
    answer(res, 200, { data: run(await jsonBody(req)) });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    answer(res, 400, { data: { message: error.message } });
  }
}
