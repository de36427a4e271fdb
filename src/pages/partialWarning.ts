import { INCONSISTENT_PAGES_ADVICE, INCONSISTENT_PAGES_WARNING, type PageChecker } from "./pageConsistency";
import type { PageFailure } from "./pagePull";

export const PARTIAL_RESULT_WARNING = "FOUNTFRAME_PARTIAL_RESULT";

/**
 * The one warning at the end of a pull (onErrors "warn"): pages skipped after their retries
 * (PARTIAL_RESULT), pages that disagree with each other (INCONSISTENT_PAGES), or, when both
 * happened, one PARTIAL_RESULT warning that names both.
 */
export function warnPullEnd(
  endpoint: string,
  failures: readonly PageFailure[],
  pagesInPull: number,
  checker: PageChecker | undefined,
): void {
  const disagreements = checker?.finish(failures.length) ?? [];
  const disagree = `the pages of this pull disagree, so the result may be wrong: ${disagreements.join("; ")}`;
  if (!failures.length) {
    if (disagreements.length)
      process.emitWarning(`${endpoint}: ${disagree}`, { code: INCONSISTENT_PAGES_WARNING, detail: INCONSISTENT_PAGES_ADVICE });
    return;
  }
  const pages = [...failures].sort((a, b) => a.page - b.page);
  const details = pages.map(({ page, error }) => `page ${page} (${error.message})`).join("; ");
  const skipped = `${endpoint}: ${failures.length} of ${pagesInPull} pages failed after retries and were skipped: ${details}`;
  const failed = `failed pages: ${pages.map((failure) => failure.page).join(", ")}`;
  process.emitWarning(disagreements.length ? `${skipped}; and ${disagree}` : skipped, {
    code: PARTIAL_RESULT_WARNING,
    detail: disagreements.length ? `${failed}. ${INCONSISTENT_PAGES_ADVICE}` : failed,
  });
}
