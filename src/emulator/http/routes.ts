import { HEALTH_ROUTE, isResource } from "../wire/resources";
import { badRequest } from "./errors";

export const BASE_PATH = "/api/v2/";

export type Route =
  | { readonly kind: "collection"; readonly resource: string }
  | { readonly kind: "item"; readonly resource: string; readonly id: string }
  | { readonly kind: "studySubroute"; readonly studyId: string; readonly sub: "brands" | "categories" }
  | { readonly kind: "tools"; readonly segment?: string }
  | { readonly kind: "health" }
  | { readonly kind: "notFound"; readonly path: string };

/** The first path segment after the base: what faults match and latency functions see. */
export function resourceOfPath(path: string): string {
  return path.startsWith(BASE_PATH) ? path.slice(BASE_PATH.length).split("/")[0] : "";
}

export function matchRoute(path: string): Route {
  const notFound: Route = { kind: "notFound", path: path.replace(/^\//, "") };
  // the docs write the health check as /health; WIRE.md has it under the API's base: both answer
  if (path === `/${HEALTH_ROUTE}`) return { kind: "health" };
  if (!path.startsWith(BASE_PATH)) return notFound;
  const segments = decodePath(path.slice(BASE_PATH.length))
    .split("/")
    .filter((s) => s !== "");
  const [resource, id, sub, ...rest] = segments;
  if (rest.length > 0 || resource === undefined) return notFound;
  if (resource === HEALTH_ROUTE && id === undefined) return { kind: "health" };
  if (resource === "tools") return sub === undefined ? { kind: "tools", segment: id } : notFound;
  if (!isResource(resource)) return notFound;
  if (id === undefined) return { kind: "collection", resource };
  if (sub === undefined) return { kind: "item", resource, id };
  // studies/:id/brands and studies/:id/categories, the documented sub-routes (SCHEMA.json)
  if (resource === "studies" && (sub === "brands" || sub === "categories")) return { kind: "studySubroute", studyId: id, sub };
  return notFound;
}

/** A path whose percent-escapes do not decode (`%E0%A4%A`) is the client's mistake: 400, as Laravel answers it. */
function decodePath(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw badRequest("The request path is not valid UTF-8 percent-encoding.");
  }
}
