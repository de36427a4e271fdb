/** A count with its noun, singular for one: `1 row`, `2 rows`. */
export const counted = (count: number, noun: string, plural = `${noun}s`): string => `${count} ${count === 1 ? noun : plural}`;
