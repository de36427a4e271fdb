/**
 * Cores from which fountframe hands work to threads of its own by default (a pull's decoding, a
 * big Parquet file's encoding). On fewer, a thread's transfers and heap, and the main thread's share
 * of the second core, cost more CPU than the wall time they save (docs/bench.md: "Issue 33, third
 * pass" for decoding, "Issue 44, seventh pass" for Parquet).
 */
export const MANY_CORES = 4;
