export { buildQuery, endpointOfMethod, splitArgs, allowedOptionKeys, COMMON_OPTION_KEYS, type MethodCall } from "./buildQuery";
export { resolveInclude, NO_DEFAULT_INCLUDE } from "./buildQuery";
export { checkBrandscapeQuery } from "./brandscapeRule";
export { checkFilterValue } from "./filterSchemas";
export * from "./types";
