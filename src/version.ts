// Replaced at build time by tsup's `define`; the fallback serves ts-jest and tsx.
declare const __FOUNTFRAME_VERSION__: string | undefined;
export const VERSION: string = typeof __FOUNTFRAME_VERSION__ === "string" ? __FOUNTFRAME_VERSION__ : "0.0.0-dev";
export const DEFAULT_USER_AGENT = `fountframe/${VERSION}`;
export const DEFAULT_BASE_URL = "https://fount.wppbav.com/api/v2/";
