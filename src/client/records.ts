import type { RecordPage } from "../pull/envelope";
import type { DOCUMENTED } from "../endpoints/documented";
import type { Endpoint, MethodName, ResourceName } from "../endpoints/table";

/**
 * Any record as JSON: the columns the client knows nothing about (an include, a metric, a column
 * the service adds later) are still there under their names.
 */
export interface WireRecord {
  id?: number;
  created_at?: string;
  updated_at?: string;
  [column: string]: unknown;
}

/** A yes/no column as the service may send it. */
export type WireFlag = 0 | 1 | boolean;
/** A record with a name, as most resources send. */
export type NamedRecord = WireRecord & { name?: string };

type Documented = typeof DOCUMENTED;
/** A route the docs describe: a resource or one of its sub-routes (`studies/{id}/brands`). */
export type DocumentedRoute = keyof Documented;

/** A documented JSON type as TypeScript sees it. */
type JsonValue<Type> = Type extends "integer" | "number"
  ? number
  : Type extends "string"
    ? string
    : Type extends "boolean"
      ? boolean
      : Type extends "array"
        ? unknown[]
        : Type extends "object"
          ? Record<string, unknown>
          : unknown;

/**
 * A route's record with the documented full schema's keys and JSON types (shared/SCHEMA.json):
 * every key optional, since `fields` may leave it out; any other column (an include, a metric)
 * still there under its name.
 */
export type DocumentedRecord<Route extends DocumentedRoute> = {
  -readonly [Key in keyof Documented[Route]["columns"]]?: JsonValue<Documented[Route]["columns"][Key]>;
} & WireRecord;

type ResourceOf<M extends MethodName> = Extract<Endpoint, { method: M }>["resource"];
type MethodOf<R extends ResourceName> = Extract<Endpoint, { resource: R }>["method"];

/** The record type of each method's resource, from the endpoint table and the documented schemas. */
export type RecordsByMethod = { [M in MethodName]: DocumentedRecord<ResourceOf<M>> };

/** The record type of a method's resource. */
export type RecordOf<M extends MethodName> = RecordsByMethod[M];

/**
 * The record type of a raw endpoint: a resource, one of its items, or a documented sub-route
 * (`studies/<id>/brands`, `studies/<id>/categories`); else any JSON record.
 */
export type RecordOfEndpoint<E extends string> = E extends ResourceName
  ? RecordOf<MethodOf<E>>
  : E extends `studies/${string}/${infer Sub extends "brands" | "categories"}`
    ? DocumentedRecord<`studies/{id}/${Sub}`>
    : E extends `${infer R extends ResourceName}/${string}`
      ? RecordOf<MethodOf<R>>
      : WireRecord;

/** A page of a pull whose records are typed per endpoint. */
export type PageOf<R> = Omit<RecordPage, "records"> & { records: R[] };
