/**
 * A 200 whose body parsed but failed the caller's check of what it must hold (a page of records,
 * a tool's shape): retried like a body that does not parse, then reported as an APIError.
 */
export class MalformedAnswer extends Error {}
