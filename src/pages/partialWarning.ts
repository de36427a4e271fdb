import type { PageFailure } from "./pagePull";

export const PARTIAL_RESULT_WARNING = "FOUNTFRAME_PARTIAL_RESULT";

/** The one warning of a pull that skipped pages (onErrors "warn"). */
export function warnSkippedPages(endpoint: string, failures: readonly PageFailure[], pagesInPull: number): void {
  if (!failures.length) return;
  const pages = [...failures].sort((a, b) => a.page - b.page);
  const details = pages.map(({ page, error }) => `page ${page} (${error.message})`).join("; ");
  process.emitWarning(
    `${endpoint}: ${failures.length} of ${pagesInPull} pages failed after retries and were skipped: ${details}`,
    { code: PARTIAL_RESULT_WARNING, detail: `failed pages: ${pages.map((failure) => failure.page).join(", ")}` },
  );
}
