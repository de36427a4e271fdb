export { Query, MAX_PER_PAGE, type QueryInit, type QueryJSON } from "./query";
export type { FilterValue, Scalar } from "./query";
