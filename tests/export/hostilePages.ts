import type { Emulator, FaultRule } from "../../src/emulator";

/**
 * Serves a dataset of our own over real HTTP, one page per request: each page is the JSON text of
 * its records (so a test can send what JavaScript cannot make: `1e400`, `"\ud800"`), wrapped in the
 * service's envelope. The emulator answers every page of `resource` from these bodies.
 */
export function serveHostilePages(
  emulator: Emulator,
  resource: string,
  pages: readonly (readonly string[])[],
  /** rules that come first (the first rule that matches answers) */
  first: readonly FaultRule[] = [],
): { perPage: number } {
  const perPage = Math.max(1, ...pages.map((records) => records.length));
  const total = pages.reduce((sum, records) => sum + records.length, 0);
  let from = 0;
  emulator.setFaults([
    ...first,
    ...pages.map((records, index) => {
      const meta = {
        current_page: index + 1,
        from: records.length ? from + 1 : null,
        last_page: pages.length,
        per_page: perPage,
        to: records.length ? from + records.length : null,
        total,
      };
      from += records.length;
      return {
        resource,
        page: index + 1,
        kind: "status" as const,
        status: 200,
        body: `{"data":[${records.join(",")}],"meta":${JSON.stringify(meta)}}`,
      };
    }),
  ]);
  return { perPage };
}

/** Records as JSON text, one per object. */
export const recordsText = (...records: Record<string, unknown>[]): string[] => records.map((record) => JSON.stringify(record));

/** Pages of records (JSON objects, not texts) served as serveHostilePages serves texts; the page size. */
export const serveRecordPages = (emulator: Emulator, resource: string, pages: readonly (readonly Record<string, unknown>[])[]): number =>
  serveHostilePages(
    emulator,
    resource,
    pages.map((page) => recordsText(...page)),
  ).perPage;
