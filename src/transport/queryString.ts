/**
 * The query string as WIRE.md writes it: `filter[name]=swat&filter[studies]=1,2`. Brackets and
 * commas stay readable (both are legal in a query); everything else is percent-encoded.
 */
export function serializeParams(params: Record<string, string | number>): string {
  return Object.entries(params)
    .map(([key, value]) => `${encodeKey(key)}=${encodeValue(String(value))}`)
    .join("&");
}

const encodeKey = (key: string) => encodeURIComponent(key).replace(/%5B/g, "[").replace(/%5D/g, "]");
const encodeValue = (value: string) => encodeURIComponent(value).replace(/%2C/g, ",");
