/** Text to match literally inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const BEARER_VALUE = /\b(Bearer)\s+[^\s"',;\\]+/gi;

/** Any `Bearer <credential>` in a text, the credential replaced by `***`. */
export function redactBearer(text: string): string {
  return text.replace(BEARER_VALUE, "$1 ***");
}

/** Below this length a secret is also a piece of ordinary words ("t" in "not"): redacted only where it stands alone. */
const SHORT_SECRET = 16;

/** Redacts `secret` wherever it appears in a text, and any Bearer credential. */
export function secretRedactor(secret: string | undefined): (text: string) => string {
  if (!secret) return redactBearer;
  if (secret.length >= SHORT_SECRET) return (text) => redactBearer(text.split(secret).join("***"));
  const standing = new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(secret)}(?![A-Za-z0-9])`, "g");
  return (text) => redactBearer(text.replace(standing, "***"));
}
