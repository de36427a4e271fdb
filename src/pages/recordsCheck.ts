/**
 * Why a page's `data` is not a list of records (objects), or undefined when it is. Pure and
 * import-free: the worker threads say the same words as the main thread.
 */
export function notRecordsReason(data: readonly unknown[]): string | undefined {
  const at = data.findIndex((record) => record === null || typeof record !== "object" || Array.isArray(record));
  if (at < 0) return undefined;
  const value = data[at];
  const said = value === null ? "null" : Array.isArray(value) ? "a list" : `${typeof value} ${JSON.stringify(value)}`.slice(0, 40);
  return `the answer's \`data[${at}]\` is ${said} where a record (an object) belongs`;
}
