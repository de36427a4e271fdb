export { Client, type EndpointMethods } from "./client";
export * from "./oneOff";
export { type ClientOptions, type ClientInit, type OnErrors, DEFAULT_OPTIONS } from "./options";
