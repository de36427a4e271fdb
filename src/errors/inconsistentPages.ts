import { FountError } from "./base";

/** The pages of one pull disagreed with each other (onErrors "raise"); `disagreements` says how. */
export class InconsistentPagesError extends FountError {
  static override readonly kind: string = "InconsistentPagesError";
  readonly endpoint: string;
  readonly disagreements: readonly string[];

  constructor(endpoint: string, disagreements: readonly string[]) {
    super(`${endpoint}: the pages of this pull disagree, so the result would be wrong: ${disagreements.join("; ")}`);
    this.endpoint = endpoint;
    this.disagreements = disagreements;
  }
}
