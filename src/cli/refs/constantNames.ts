/**
 * A readable constant name for a label: "All Adults" → ALL_ADULTS, "Côte d'Ivoire" → COTE_D_IVOIRE,
 * "Food & Drink" → FOOD_AND_DRINK; a label starting with a digit gets `digitPrefix` ("2024" → Y2024).
 * Undefined when nothing readable is left (a label in a non-Latin script).
 */
export function constantName(label: string, digitPrefix = "N"): string | undefined {
  const name = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/\+/g, " plus ")
    .replace(/%/g, " pct ")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
  if (!name) return undefined;
  return /^[0-9]/.test(name) ? `${digitPrefix}${name}` : name;
}

export interface NamedId {
  id: number;
  label: string;
}

/**
 * Unique names, decided by id order so a rerun over the same data gives the same file: the lowest
 * id keeps the plain name, later ones with the same name get `_<id>`; a label with no readable name
 * becomes `ID_<id>`.
 */
export function uniqueConstantNames(entries: readonly NamedId[], digitPrefix?: string): Array<NamedId & { name: string }> {
  const taken = new Set<string>();
  const sorted = [...entries].sort((a, b) => a.id - b.id);
  return sorted.map((entry) => {
    const base = constantName(entry.label, digitPrefix) ?? `ID_${entry.id}`;
    let name = taken.has(base) ? `${base}_${entry.id}` : base;
    for (let extra = 2; taken.has(name); extra++) name = `${base}_${entry.id}_${extra}`;
    taken.add(name);
    return { ...entry, name };
  });
}
