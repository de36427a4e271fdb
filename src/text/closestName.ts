/** Levenshtein distance: insertions, deletions and substitutions of one character each. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The candidate nearest to `name` (first of equals, in the candidates' order), with its distance. */
export function closestName(name: string, candidates: readonly string[]): { name: string; distance: number } | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best;
}

/** A misspelling's nearest name: a few edits away at most (a third of the name), never a far guess. */
export function nearName(name: string, candidates: readonly string[]): string | undefined {
  const closest = closestName(name, candidates);
  return closest && closest.distance <= Math.max(2, Math.floor(name.length / 3)) ? closest.name : undefined;
}

/** The message for a name not among `allowed`: "is not <what> (did you mean …?); allowed: …". */
export function notAllowedName(name: string, what: string, allowed: readonly string[]): string {
  const near = nearName(name, allowed);
  return `is not ${what}${near ? ` (did you mean ${near}?)` : ""}; allowed: ${allowed.join(", ")}`;
}
