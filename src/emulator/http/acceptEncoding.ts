/** The content codings the emulator can answer in, in the order it prefers them when a client rates them equally. */
export const CODINGS = ["br", "gzip", "deflate"] as const;
export type Coding = (typeof CODINGS)[number];

/** `x-gzip` is gzip (RFC 9110 §8.4.1.3). */
const ALIASES: Readonly<Record<string, string>> = { "x-gzip": "gzip" };

/** q-values by coding name, as an Accept-Encoding header rates them; `*` rates every coding not named. */
function ratings(header: string): Map<string, number> {
  const rated = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (name === "") continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Math.min(1, Math.max(0, Number(match[1]) || 0));
    }
    const coding = ALIASES[name] ?? name;
    // a coding named twice keeps its better rating, as lenient servers do
    rated.set(coding, Math.max(q, rated.get(coding) ?? 0));
  }
  return rated;
}

/**
 * The coding to answer in, as a production server picks it: the offered coding the client rates
 * highest (ties go to the server's order, brotli first), none (identity) when the header is absent
 * or rates every offered coding 0. Identity is never refused: a server answers uncompressed
 * rather than 406.
 */
export function chooseCoding(header: string | undefined, offered: readonly Coding[] = CODINGS): Coding | undefined {
  if (header === undefined || header.trim() === "") return undefined;
  const rated = ratings(header);
  const wildcard = rated.get("*");
  let best: Coding | undefined;
  let bestQ = 0;
  for (const coding of offered) {
    const q = rated.get(coding) ?? wildcard ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
