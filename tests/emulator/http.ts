/** A tiny client for the emulator tests: Node's fetch, the headers the real client sends. */

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** the parsed body, or undefined when it is not JSON */
  json: any;
}

export interface GetOptions {
  /** bearer token; null sends no Authorization header */
  token?: string | null;
  /** Accept header; null sends none */
  accept?: string | null;
  signal?: AbortSignal;
}

export async function getJson(url: string, options: GetOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? "test-token" : options.token;
  const accept = options.accept === undefined ? "application/json" : options.accept;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (accept !== null) headers.Accept = accept;
  const response = await fetch(url, { headers, signal: options.signal });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** `base` + resource + "?" + params, with filter[...]-style keys written as given. */
export function urlOf(base: string, resource: string, params: Record<string, string | number> = {}): string {
  const query = Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join("&");
  return query ? `${base}${resource}?${query}` : `${base}${resource}`;
}

/** Every record of a collection query, page by page (1000 a page). */
export async function getAll(base: string, resource: string, params: Record<string, string | number> = {}): Promise<any[]> {
  const records: any[] = [];
  for (let page = 1; ; page++) {
    const answer = await getJson(urlOf(base, resource, { ...params, per_page: 1000, page }));
    if (answer.status !== 200) throw new Error(`${resource} ${JSON.stringify(params)}: ${answer.status} ${answer.text.slice(0, 200)}`);
    records.push(...answer.json.data);
    if (page >= answer.json.meta.last_page) return records;
  }
}
