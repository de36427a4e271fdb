/** A base URL ending in `/`, so relative paths resolve below it rather than beside it. */
export function withSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}
