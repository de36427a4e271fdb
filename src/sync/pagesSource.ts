import type { RecordPage } from "../pull";

/** How a sync pulls: a method's pages, as `client.pages(method, options)` gives them. */
export type PagesOf = (method: string, options: Record<string, unknown>) => AsyncIterable<RecordPage>;
