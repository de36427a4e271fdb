import { FountError } from "../errors";

/** An export that cannot be written as asked (a sheet limit, a header that would change). */
export class ExportError extends FountError {
  static override readonly kind: string = "ExportError";
}
