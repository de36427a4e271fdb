export { buildQuery, endpointOfMethod, splitArgs, allowedOptionKeys, COMMON_OPTION_KEYS, type MethodCall } from "./buildQuery";
export { resolveInclude, NO_DEFAULT_INCLUDE } from "./buildQuery";
export { checkBrandscapeQuery } from "./filterChecks";
export { checkFilterValue } from "./filterChecks";
export * from "./types";
