export { DecodePool, autoThreads, workerScript } from "./decodePool";
export { threadsForPull, WORKER_MIN_CELLS, type ThreadsOption } from "./decodePool";
