/**
 * Cores from which fountframe decodes a pull's pages on threads of its own by default. On fewer, a
 * thread's transfers and heap, and the main thread's share of the second core, cost more CPU than
 * the wall time they save (docs/bench.md: "Issue 33, third pass").
 */
export const MANY_CORES = 4;
