import { ENDPOINT_BY_RESOURCE } from "../endpoints/table";
import { ValidationError } from "../errors";
import { checkBrandscapeQuery } from "../params";
import { Query, type QueryInit } from "../query";

const ENDPOINT_PATTERN = /^[a-z][a-z0-9-]*(\/[\w-]+)*$/;

/** rawQuery's endpoint and query, checked like a method's before any request. */
export function checkRawQuery(endpoint: string, query?: Query | QueryInit): { endpoint: string; query: Query } {
  const trimmed = typeof endpoint === "string" ? endpoint.replace(/^\/+|\/+$/g, "") : "";
  if (!ENDPOINT_PATTERN.test(trimmed)) {
    throw new ValidationError(
      "endpoint",
      `must be a resource path such as "brands" or "studies/12/brands", got ${JSON.stringify(endpoint)}`,
    );
  }
  const checked = query instanceof Query ? query : new Query(query ?? {});
  const spec = ENDPOINT_BY_RESOURCE.get(trimmed);
  if (spec && checked.search && !spec.search) {
    throw new ValidationError("search", `${trimmed} has no free-text search; use filters instead`);
  }
  if (spec?.mustBeNarrowed) checkBrandscapeQuery(checked);
  return { endpoint: trimmed, query: checked };
}
