import { ENDPOINTS, ENDPOINT_BY_RESOURCE } from "../endpoints/table";
import { GLOBAL_PREFIX } from "./globalPrefix";
import { isNestedObject } from "./nestedObject";
import type { ShapeOptions } from "./types";

/**
 * How records become rows: the one rule behind frames, `client.pages` fed to a FrameBuilder or a
 * writer, and the CLI. Column names follow from the endpoint alone: an included object listed in
 * the endpoint's `globalIncludes` is prefixed `global_`, whichever columns `fields` kept.
 */
export interface RowShape {
  /** nested lists become rows (the product of all lists in a record) */
  readonly stackData: boolean;
  /** included objects whose columns are prefixed `global_` */
  readonly globalIncludes: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();
/** `globalPrefix: true` (the older spelling) prefixes what the endpoints with a `global_` rule prefix (brandscape-data's). */
const ANY_GLOBAL_INCLUDE: readonly string[] = ENDPOINTS.flatMap((spec): readonly string[] =>
  "globalIncludes" in spec ? spec.globalIncludes : [],
);

/** The shape of `options.endpoint`'s records. */
export function rowShapeOf(options: ShapeOptions = {}): RowShape {
  const includes =
    options.endpoint !== undefined
      ? ENDPOINT_BY_RESOURCE.get(resourceOfEndpoint(options.endpoint))?.globalIncludes
      : options.globalPrefix
        ? ANY_GLOBAL_INCLUDE
        : undefined;
  return { stackData: options.stackData === true, globalIncludes: includes ? new Set(includes) : NONE };
}

/** The resource whose records an endpoint path returns: `studies/12/brands` → brands, `brands/7` → brands. */
export function resourceOfEndpoint(endpoint: string): string {
  const segments = endpoint.split("/").filter((segment) => segment !== "" && !/^\d+$/.test(segment));
  return segments[segments.length - 1] ?? "";
}

/** The column-name root of a record's top-level key: `global_brand` for a prefixed include, else the key. */
export function topLevelName(key: string, value: unknown, globalIncludes: ReadonlySet<string>): string {
  return globalIncludes.size > 0 && globalIncludes.has(key) && isNestedObject(value) ? GLOBAL_PREFIX + key : key;
}

/** Shape options for one page: the page's own endpoint decides its column names. */
export function pageShapeOptions(page: { readonly endpoint?: string }, options: ShapeOptions): ShapeOptions {
  return page.endpoint === undefined ? options : { ...options, endpoint: page.endpoint };
}
