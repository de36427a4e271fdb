export { DecodePool, autoThreads, workerScript } from "./decodePool";
