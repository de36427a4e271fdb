import type { DataFrame } from "danfojs-node";
import { ENDPOINT_BY_METHOD, type MethodName } from "../endpoints/table";
import { refuseUnknownOptions } from "../params/buildQuery";
import type { JsonRecord } from "../table/types";
import type { EndpointArgs } from "../params/types";
import { ValidationError } from "../errors";
import { isPlainObject } from "../query/query";
import type { Query, QueryInit } from "../query/query";
import { Client } from "./client";
import type { ClientOptions } from "./options";
import type { RecordOfEndpoint } from "./records";
import { notAllowedName } from "../text/closestName";

/** The client options a one-off function accepts besides the method's own. */
export const ONE_OFF_CLIENT_KEYS = ["baseUrl", "timeout", "verbose", "batchSize", "nWorkers", "retries", "onErrors"] as const;
export type OneOffOptions = Pick<ClientOptions, (typeof ONE_OFF_CLIENT_KEYS)[number]>;

export type OneOffFunction<M extends MethodName> = (authToken: string, ...args: EndpointArgs<M, OneOffOptions>) => Promise<DataFrame>;

function splitClientOptions(args: unknown[]): { methodArgs: unknown[]; clientOptions: OneOffOptions } {
  const last = args[args.length - 1];
  if (!isPlainObject(last)) return { methodArgs: args, clientOptions: {} };
  const methodOptions: Record<string, unknown> = {};
  const clientOptions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(last)) {
    ((ONE_OFF_CLIENT_KEYS as readonly string[]).includes(key) ? clientOptions : methodOptions)[key] = value;
  }
  return { methodArgs: [...args.slice(0, -1), methodOptions], clientOptions };
}

export function oneOff<M extends MethodName>(method: M): OneOffFunction<M> {
  if (!ENDPOINT_BY_METHOD.has(method)) throw new Error(`no endpoint ${method}`);
  const run = async (authToken: string, ...args: unknown[]) => {
    const { methodArgs, clientOptions } = splitClientOptions(args);
    const options = methodArgs[methodArgs.length - 1];
    if (isPlainObject(options)) refuseUnknownOptions(ENDPOINT_BY_METHOD.get(method)!, options, { also: ONE_OFF_CLIENT_KEYS });
    return withClient(new Client(authToken, clientOptions), (client) =>
      (client[method] as (...callArgs: unknown[]) => Promise<DataFrame>)(...methodArgs),
    );
  };
  Object.defineProperty(run, "name", { value: method });
  return run as OneOffFunction<M>;
}

/** A one-off's client options: only ONE_OFF_CLIENT_KEYS (not perPage, verify, userAgent, client). */
function checkOneOffOptions(options: unknown): OneOffOptions {
  if (options === undefined || options === null) return {};
  if (!isPlainObject(options)) throw new ValidationError("options", `must be an object of ${ONE_OFF_CLIENT_KEYS.join(", ")}`);
  for (const key of Object.keys(options)) {
    if (!(ONE_OFF_CLIENT_KEYS as readonly string[]).includes(key)) {
      throw new ValidationError(key, notAllowedName(key, "an option of a one-off function", ONE_OFF_CLIENT_KEYS));
    }
  }
  return options as OneOffOptions;
}

export function rawQuery<E extends string>(
  authToken: string,
  endpoint: E,
  query?: Query | QueryInit,
  options?: OneOffOptions,
): Promise<RecordOfEndpoint<E>[]>;
export async function rawQuery(
  authToken: string,
  endpoint: string,
  query?: Query | QueryInit,
  options?: OneOffOptions,
): Promise<JsonRecord[]> {
  return withClient(new Client(authToken, checkOneOffOptions(options)), (client) => client.rawQuery(endpoint, query));
}

export const audienceGroups = oneOff("audienceGroups");
export const audiences = oneOff("audiences");
export const brandMetricGroups = oneOff("brandMetricGroups");
export const brandMetrics = oneOff("brandMetrics");
export const brands = oneOff("brands");
/** Client.brandscapeData as a one-off; country + year mixes every study of that year (see there). */
export const brandscapeData = oneOff("brandscapeData");
export const categories = oneOff("categories");
export const cities = oneOff("cities");
export const collections = oneOff("collections");
export const companies = oneOff("companies");
export const countries = oneOff("countries");
export const regions = oneOff("regions");
export const sectors = oneOff("sectors");
export const studies = oneOff("studies");
export const years = oneOff("years");

/** Runs `action` with `client`, closing the client however the action ends (the one-off functions, the CLI). */
export async function withClient<T>(client: Client, action: (client: Client) => Promise<T>): Promise<T> {
  try {
    return await action(client);
  } finally {
    await client.aclose();
  }
}
