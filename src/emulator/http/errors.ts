/** An answer other than 200, thrown anywhere below the request pipeline and rendered by it. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Laravel's 422: the first error as the message, with a count of the others. */
export function validationError(errors: Record<string, string[]>): HttpError {
  const messages = Object.values(errors).flat();
  const others = messages.length - 1;
  const suffix = others > 0 ? ` (and ${others} more error${others > 1 ? "s" : ""})` : "";
  return new HttpError(422, `${messages[0]}${suffix}`, errors);
}

export const notFound = (message = "Not Found") => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
