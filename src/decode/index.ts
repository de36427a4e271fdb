export { DecodePool, autoThreads, workerScript } from "./decodePool";
export { chunkOf, dropLeadingRecords } from "./decodedPage";
export { ChunkAssembler } from "./chunkAssembler";
export { gatherPageChunk } from "./pageChunk";
export { threadsForPull, WORKER_MIN_CELLS, type ThreadsOption } from "./threadsForPull";
