import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { BrandscapeService } from "./brandscape/serveBrandscape";
import { getDataset } from "./dataset/buildDataset";
import { FaultBook } from "./faults";
import { CODINGS } from "./http/acceptEncoding";
import { CompressedBodies } from "./http/compressBody";
import { handleRequest, type PipelineContext } from "./http/pipeline";
import { DEFAULT_RATE_LIMIT, RateLimiter } from "./http/rateLimit";
import { BASE_PATH } from "./http/routes";
import { SharedBandwidth } from "./http/sharedBandwidth";
import { defineResources } from "./resources/definitions";
import { StudySubroutes } from "./resources/studySubroutes";
import { EmulatorRevisions } from "./revisions/emulatorRevisions";
import { revisableDataset } from "./revisions/revisableDataset";
import { StatsRecorder } from "./stats";
import { ToolService } from "./tools/serveTools";
import type { Emulator, EmulatorOptions } from "./types";
import { ValidationError } from "./validationError";

/** Timers that close() can cancel, so nothing the emulator started outlives it. */
class CancellableDelays {
  private readonly pending = new Set<NodeJS.Timeout>();
  private cancelled = false;

  /** Resolves after `ms`, or never once cancelled (the request's socket is gone by then). */
  delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.cancelled) return;
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        resolve();
      }, ms);
      timer.unref(); // the listening server keeps the process alive, not a pending answer
      this.pending.add(timer);
    });
  }

  cancelAll(): void {
    this.cancelled = true;
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}

function checkOptions(options: EmulatorOptions): void {
  const { rateLimit, token } = options;
  if (rateLimit !== undefined && rateLimit !== false && !(Number.isInteger(rateLimit) && rateLimit > 0)) {
    throw new ValidationError("rateLimit", `a positive integer (requests per minute) or false (no limit), got ${rateLimit}`);
  }
  if (token !== undefined && token.trim() === "")
    throw new ValidationError("token", "a non-empty string (or leave it out: any token is then accepted)");
  const { bandwidth, compression } = options;
  if (bandwidth !== undefined && !(Number.isFinite(bandwidth) && bandwidth > 0)) {
    throw new ValidationError("bandwidth", `a positive number of bytes per second (or leave it out: unlimited), got ${bandwidth}`);
  }
  const offersCodings = (value: unknown) =>
    Array.isArray(value) && value.length > 0 && value.every((coding) => (CODINGS as readonly unknown[]).includes(coding));
  if (compression !== undefined && typeof compression !== "boolean" && !offersCodings(compression)) {
    throw new ValidationError(
      "compression",
      `true, false, or a list of the codings to offer (${CODINGS.join(", ")}); got ${JSON.stringify(compression)}`,
    );
  }
  const { maxPerPage } = options;
  if (maxPerPage !== undefined && !(Number.isInteger(maxPerPage) && maxPerPage > 0)) {
    throw new ValidationError("maxPerPage", `a positive integer, got ${maxPerPage}`);
  }
}

/** Starts the local Fount service (WIRE.md) over the seeded dataset. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  checkOptions(options);
  const dataset = revisableDataset(getDataset(options.seed));
  const catalogue = defineResources(dataset);
  const revisions = new EmulatorRevisions(dataset, catalogue, options.scale);
  const brandscape = new BrandscapeService(dataset, catalogue, options.scale, revisions);
  revisions.attach(brandscape);
  const delays = new CancellableDelays();
  const stats = new StatsRecorder();
  const faults = new FaultBook(options.faults);
  const context: PipelineContext = {
    resources: {
      catalogue,
      subroutes: new StudySubroutes(catalogue),
      brandscape,
      tools: new ToolService(dataset, brandscape.layout, catalogue),
      maxPerPage: options.maxPerPage,
    },
    faults,
    limiter: new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT),
    stats,
    token: options.token,
    latency: options.latencyMs,
    link: {
      compressed: options.compression ? new CompressedBodies() : undefined,
      offered: Array.isArray(options.compression) ? options.compression : CODINGS,
      generation: () => revisions.generation,
      bandwidth: options.bandwidth === undefined ? undefined : new SharedBandwidth(options.bandwidth),
      delay: (ms) => delays.delay(ms),
    },
    delay: (ms) => delays.delay(ms),
    revisions,
  };

  const server = createServer((req, res) => {
    handleRequest(context, req, res).catch((error: unknown) => {
      console.error("fountframe emulator:", error);
      res.destroy();
    });
  });
  // nginx's default. At Node's 5 s, a client that reuses an idle socket as the server drops it reads
  // ECONNRESET: Node's fetch keeps one until shortly before the server's hint, on a coarse timer, so
  // on a loaded machine a pause of about 5 s between two requests could fail the second.
  server.keepAliveTimeout = 75_000;
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}${BASE_PATH}`,
    stats: stats.stats,
    events: stats.events,
    until: (condition) => stats.until(condition),
    setFaults: (rules) => faults.set(rules),
    resetStats: () => stats.reset(),
    revise: (request) => revisions.revise(request),
    addStudy: (request) => revisions.addStudy(request),
    remove: (request) => revisions.remove(request),
    close() {
      closing ??= new Promise<void>((resolve) => {
        delays.cancelAll();
        server.close(() => {
          stats.close();
          resolve();
        });
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
