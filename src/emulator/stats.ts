import { EventEmitter } from "node:events";

export interface EmulatorStats {
  /** requests received since start (or resetStats) */
  requests: number;
  /** requests being served right now */
  inFlight: number;
  /** the most requests ever served at once */
  maxInFlight: number;
  /** body bytes of the answers sent since start (or resetStats), as on the wire (compressed when compressed); injected faults' answers not counted */
  bytesSent: number;
  /** the latest requests, oldest first (bounded; status 0 until answered; encoding when compressed) */
  log: Array<{ path: string; query: string; status: number; page: number; encoding?: string }>;
}

export type LogEntry = EmulatorStats["log"][number];

/**
 * What a test (or any caller) can wait on instead of time: `request` when a request has arrived
 * and is counted (its log entry, status 0), `done` when it is no longer in flight (its answer
 * sent, status set; or its socket gone first, status still 0). The stats are up to date when
 * either is emitted.
 */
export interface EmulatorEvents {
  request: [entry: LogEntry];
  done: [entry: LogEntry];
  /** the emulator closed: nothing more will arrive */
  close: [];
}

const LOG_LIMIT = 10_000;

export class StatsRecorder {
  readonly stats: EmulatorStats = { requests: 0, inFlight: 0, maxInFlight: 0, bytesSent: 0, log: [] };
  readonly events = new EventEmitter<EmulatorEvents>();
  private closed = false;

  begin(path: string, query: string, page: number): LogEntry {
    const { stats } = this;
    stats.requests++;
    stats.inFlight++;
    if (stats.inFlight > stats.maxInFlight) stats.maxInFlight = stats.inFlight;
    const entry: LogEntry = { path, query, status: 0, page };
    stats.log.push(entry);
    // trim in bulk so that each request stays O(1)
    if (stats.log.length > LOG_LIMIT * 1.5) stats.log.splice(0, stats.log.length - LOG_LIMIT);
    this.events.emit("request", entry);
    return entry;
  }

  /** An answer's body went out: `bytes` on the wire, in `encoding` when compressed. */
  sent(entry: LogEntry, bytes: number, encoding: string | undefined): void {
    this.stats.bytesSent += bytes;
    if (encoding) entry.encoding = encoding;
  }

  end(entry: LogEntry): void {
    this.stats.inFlight--;
    this.events.emit("done", entry);
  }

  /** Resolves once `condition` holds, checked now and on every request event; rejects once closed. */
  until(condition: (stats: EmulatorStats) => boolean): Promise<void> {
    const { events, stats } = this;
    return new Promise((resolve, reject) => {
      const stop = () => {
        events.off("request", check);
        events.off("done", check);
        events.off("close", closed);
      };
      const check = () => {
        try {
          if (!condition(stats)) return;
          stop();
          resolve();
        } catch (error) {
          stop();
          reject(error as Error);
        }
      };
      const closed = () => {
        stop();
        reject(new Error("the emulator closed before the condition held"));
      };
      events.on("request", check);
      events.on("done", check);
      events.on("close", closed);
      check();
      if (this.closed) closed(); // nothing will change now: a condition that does not hold never will
    });
  }

  /** The emulator closed: waiters are told, and no later one waits. */
  close(): void {
    this.closed = true;
    this.events.emit("close");
  }

  /** Clears counts and log; requests in flight stay counted as in flight. */
  reset(): void {
    const { stats } = this;
    stats.requests = 0;
    stats.maxInFlight = stats.inFlight;
    stats.bytesSent = 0;
    stats.log.length = 0;
  }
}
