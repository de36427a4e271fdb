/** An answer other than 200, thrown anywhere below the request pipeline and rendered by it. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * A bad or missing parameter: the docs' 400 (they list no 422). The message is the first problem,
 * with a count of the others, as Laravel words it.
 */
export function validationError(errors: Record<string, string[]>): HttpError {
  const messages = Object.values(errors).flat();
  const others = messages.length - 1;
  const suffix = others > 0 ? ` (and ${others} more error${others > 1 ? "s" : ""})` : "";
  return new HttpError(400, `${messages[0]}${suffix}`);
}

export const notFound = (message = "Not Found") => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
