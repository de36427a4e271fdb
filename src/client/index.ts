export { Client, type EndpointMethods } from "./client";
export * from "./oneOff";
export type { ClientOptions, ClientInit, OnErrors } from "./options";
