/**
 * What danfo gets for `@tensorflow/tfjs-node` in the build: the pure-JS core with its CPU backend,
 * and tfjs-data (danfo's `sample` shuffles with it). danfo makes tensors and reads `moments`; it
 * never needs the native library, the WebGL backend, layers or the model converter.
 */
import "@tensorflow/tfjs-backend-cpu";

export * from "@tensorflow/tfjs-core";
export * as data from "@tensorflow/tfjs-data";
