/** `emulator.revise(...)`: new brandscape values for studies, or a changed field on records of a resource. */
export type ReviseRequest = { readonly studies: readonly number[] } | { readonly resource: string; readonly ids: readonly number[] };

/** `emulator.addStudy(...)`: a released study of a country and year, surveying the brands given (or those of that country's newest study). */
export interface AddStudyRequest {
  /** ISO alpha-2 code, as `country_code` filters it */
  readonly country: string;
  readonly year: number;
  readonly name?: string;
  readonly brands?: readonly number[];
}

/** `emulator.remove(...)`: records gone from the service (a study's brandscape rows go with it). */
export interface RemoveRequest {
  readonly resource: string;
  readonly ids: readonly number[];
}

/** What a change did: the records it touched, and the moment it stamped on them. */
export interface RevisionResult {
  readonly ids: readonly number[];
  readonly at: string;
}
