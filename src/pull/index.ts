export { Pull } from "./pull";
export { PullParts, type PullOptions } from "./parts";
