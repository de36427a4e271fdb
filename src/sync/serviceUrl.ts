/**
 * The service a table is synced from, as its state keeps it: the base URL without credentials, query
 * or fragment (the token is sent in a header and never part of it), with one trailing slash.
 */
export function serviceOf(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = "";
    url.password = "";
    url.search = "";
    url.hash = "";
    return url.href.endsWith("/") ? url.href : `${url.href}/`;
  } catch {
    return baseUrl;
  }
}
