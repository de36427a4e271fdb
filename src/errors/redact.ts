const BEARER_VALUE = /\b(Bearer)\s+[^\s"',;\\]+/gi;

/** Any `Bearer <credential>` in a text, the credential replaced by `***`. */
export function redactBearer(text: string): string {
  return text.replace(BEARER_VALUE, "$1 ***");
}

/** Redacts `secret` wherever it appears in a text, and any Bearer credential. */
export function secretRedactor(secret: string | undefined): (text: string) => string {
  if (!secret) return redactBearer;
  return (text) => redactBearer(text.split(secret).join("***"));
}
