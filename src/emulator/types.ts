import type { FaultRule } from "./faults";
import type { Coding } from "./http/acceptEncoding";
import type { EmulatorEvents, EmulatorStats } from "./stats";
import type { StudyRecord } from "./dataset/types";
import type { AddStudyRequest, RemoveRequest, ReviseRequest, RevisionResult } from "./revisions/types";

export type { FaultRule } from "./faults";
export type { EmulatorEvents, EmulatorStats } from "./stats";
export type { AddStudyRequest, RemoveRequest, ReviseRequest, RevisionResult } from "./revisions/types";

export interface EmulatorOptions {
  /** 0 (the default) picks a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** the accepted bearer token; by default any non-empty one */
  token?: string;
  /** delay before each answer, fixed or per request */
  latencyMs?: number | ((req: { resource: string; page: number }) => number);
  /**
   * the link's capacity in bytes per second, shared by every connection (one token bucket): a
   * page's bytes reach the client no faster; default unlimited
   */
  bandwidth?: number;
  /**
   * answers compressed as a production web server does: gzip or br as the request's
   * Accept-Encoding rates them (q-values), with Content-Encoding and Vary: Accept-Encoding;
   * default false (identity, as before). A list offers only those codings, in that order of
   * preference (`["gzip"]`: a server configured for gzip alone)
   */
  compression?: boolean | Coding[];
  faults?: FaultRule[];
  /** requests per minute, default 500; false = no limit and no X-RateLimit headers */
  rateLimit?: number | false;
  /** brandscape-data row count (generated lazily); default one audience's worth of every released study */
  scale?: number;
  /** dataset seed; the same seed gives the same bytes */
  seed?: number;
  /**
   * the largest page the service serves: a larger per_page is answered with this many records, and
   * meta.per_page says so (a service capping its pages below the documented 1,000); default 1,000
   */
  maxPerPage?: number;
}

/** The emulator's events (a node:events EventEmitter), typed by name. */
export interface EmulatorEventSource {
  on<Name extends keyof EmulatorEvents>(event: Name, listener: (...args: EmulatorEvents[Name]) => void): this;
  once<Name extends keyof EmulatorEvents>(event: Name, listener: (...args: EmulatorEvents[Name]) => void): this;
  off<Name extends keyof EmulatorEvents>(event: Name, listener: (...args: EmulatorEvents[Name]) => void): this;
}

export interface Emulator {
  /** base URL for a client's baseUrl, with trailing slash: http://127.0.0.1:PORT/api/v2/ */
  url: string;
  /** stops listening and ends every socket, hung requests included */
  close(): Promise<void>;
  /** live counters, read them any time */
  stats: EmulatorStats;
  /**
   * `request` when a request arrives, `done` when it leaves flight (answered, or its socket gone),
   * each with its log entry and the stats already updated: a test waits on these, not on time
   */
  events: EmulatorEventSource;
  /**
   * Resolves once `condition(stats)` holds: now, or after the request event that makes it hold;
   * rejects if the emulator closes first. E.g. `await emulator.until((s) => s.inFlight === 1)`.
   */
  until(condition: (stats: EmulatorStats) => boolean): Promise<void>;
  /** replaces the fault rules (and their `times` counts) */
  setFaults(rules: FaultRule[]): void;
  resetStats(): void;
  /**
   * Changes over time, for sync tests (also `POST <url>__emulator/revise`): `{ studies }` gives
   * those studies new brandscape values and moves their `data_updated_at`; `{ resource, ids }`
   * changes the records' name (where they have one) and moves their `updated_at`. Until the first
   * change every timestamp is the seeded one; changes stamp the current time, each later than the last.
   */
  revise(request: ReviseRequest): RevisionResult;
  /**
   * A released study of a country and year (`POST <url>__emulator/add-study`); its brandscape rows
   * get the ids after every existing row (with the default `scale`).
   */
  addStudy(request: AddStudyRequest): StudyRecord;
  /** Records gone from the service (`POST <url>__emulator/remove`); a study's brandscape rows go with it. */
  remove(request: RemoveRequest): RevisionResult;
}
