import { declaredColumnTypes, documentedRoute } from "../endpoints/declaredColumns";
import { DOCUMENTED } from "../endpoints/documented";
import { ENDPOINTS, ENDPOINT_BY_RESOURCE } from "../endpoints/table";
import type { RowShape, ShapeOptions } from "../records";

const NONE: ReadonlySet<string> = new Set();
/** `globalPrefix: true` (the older spelling) prefixes what the endpoints with a `global_` rule prefix (brandscape-data's). */
const ANY_GLOBAL_INCLUDE: readonly string[] = ENDPOINTS.flatMap((spec): readonly string[] =>
  "globalIncludes" in spec ? spec.globalIncludes : [],
);

/**
 * A study sub-route's record holds the study's own spelling of what it relates (`brand_name`
 * "Toyota (US)"), so an include that would flatten onto one of its columns (`brand` → `brand_name`
 * "Toyota") is prefixed `global_`, as on brandscape-data, instead of overwriting it.
 */
const SUB_ROUTE_GLOBAL_INCLUDES = new Map(
  (["studies/{id}/brands", "studies/{id}/categories"] as const).map((route) => {
    const columns = Object.keys(DOCUMENTED[route].columns);
    const clashing = DOCUMENTED[route].includes.filter(
      (include) => !include.includes(".") && columns.some((column) => column.startsWith(`${include}_`)),
    );
    return [route.split("/")[2], clashing];
  }),
);

function globalIncludesOf(endpoint: string): readonly string[] | undefined {
  const subRoute = /^\/?studies\/\d+\/(brands|categories)\/?$/.exec(endpoint);
  if (subRoute) return SUB_ROUTE_GLOBAL_INCLUDES.get(subRoute[1]);
  return ENDPOINT_BY_RESOURCE.get(resourceOfEndpoint(endpoint))?.globalIncludes;
}

/**
 * The shape of `options.endpoint`'s records, from the endpoint table. Column names follow from the
 * endpoint alone: an included object listed in the endpoint's `globalIncludes` is prefixed
 * `global_`, whichever columns `fields` kept.
 */
export function rowShapeOf(options: ShapeOptions = {}): RowShape {
  const includes =
    options.endpoint !== undefined ? globalIncludesOf(options.endpoint) : options.globalPrefix ? ANY_GLOBAL_INCLUDE : undefined;
  const globalIncludes = includes ? new Set(includes) : NONE;
  const shape: RowShape = { stackData: options.stackData === true, globalIncludes };
  const route = options.endpoint !== undefined ? documentedRoute(options.endpoint) : options.globalPrefix ? "brandscape-data" : undefined;
  return route ? { ...shape, declaredTypes: declaredTypesOf(route, globalIncludes) } : shape;
}

const DECLARED_BY_ROUTE = new Map<string, ReturnType<typeof declaredColumnTypes>>();

/** Looked up once per route: every page of a pull asks. */
function declaredTypesOf(route: string, globalIncludes: ReadonlySet<string>): ReturnType<typeof declaredColumnTypes> {
  let types = DECLARED_BY_ROUTE.get(route);
  if (!types) DECLARED_BY_ROUTE.set(route, (types = declaredColumnTypes(route, globalIncludes)));
  return types;
}

/** The resource whose records an endpoint path returns: `studies/12/brands` → brands, `brands/7` → brands. */
export function resourceOfEndpoint(endpoint: string): string {
  const segments = endpoint.split("/").filter((segment) => segment !== "" && !/^\d+$/.test(segment));
  return segments[segments.length - 1] ?? "";
}

/** The row shape of one page: the page's own endpoint decides its column names. */
export function pageRowShape(page: { readonly endpoint?: string }, options: ShapeOptions): RowShape {
  return rowShapeOf(page.endpoint === undefined ? options : { ...options, endpoint: page.endpoint });
}
