/** What an included object's columns are prefixed with when it clashes with the record's own columns. */
export const GLOBAL_PREFIX = "global_";
