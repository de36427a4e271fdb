import { FountError } from "../errors";

/**
 * A sync's pull that did not see the whole truth (a page skipped, ids repeated or missing, a study
 * lookup that disagrees with itself): nothing of it is committed, whatever `onErrors` says.
 */
export class IncompletePullError extends FountError {
  static override readonly kind: string = "IncompletePullError";
}
