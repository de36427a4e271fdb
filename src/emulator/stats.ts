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

const LOG_LIMIT = 10_000;

export class StatsRecorder {
  readonly stats: EmulatorStats = { requests: 0, inFlight: 0, maxInFlight: 0, bytesSent: 0, log: [] };

  begin(path: string, query: string, page: number): LogEntry {
    const { stats } = this;
    stats.requests++;
    stats.inFlight++;
    if (stats.inFlight > stats.maxInFlight) stats.maxInFlight = stats.inFlight;
    const entry: LogEntry = { path, query, status: 0, page };
    stats.log.push(entry);
    // trim in bulk so that each request stays O(1)
    if (stats.log.length > LOG_LIMIT * 1.5) stats.log.splice(0, stats.log.length - LOG_LIMIT);
    return entry;
  }

  /** An answer's body went out: `bytes` on the wire, in `encoding` when compressed. */
  sent(entry: LogEntry, bytes: number, encoding: string | undefined): void {
    this.stats.bytesSent += bytes;
    if (encoding) entry.encoding = encoding;
  }

  end(): void {
    this.stats.inFlight--;
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
