import { startEmulator, type Emulator, type EmulatorOptions } from "../../src/emulator";
import { Client } from "../../src/client/client";
import type { ClientOptions } from "../../src/client/options";

export const TOKEN = "test-token-s3cr3t-do-not-leak";

/** One emulator for a test file; `client()` makes quiet clients pointed at it and closes them after each test. */
export function useEmulator(options: EmulatorOptions = {}) {
  const state: { emulator?: Emulator; clients: Client[] } = { clients: [] };
  beforeAll(async () => {
    state.emulator = await startEmulator({ rateLimit: false, ...options, token: TOKEN });
  });
  afterEach(async () => {
    await Promise.all(state.clients.splice(0).map((client) => client.aclose()));
    state.emulator?.setFaults([]);
    state.emulator?.resetStats();
  });
  afterAll(async () => {
    await state.emulator?.close();
  });
  return {
    get emulator(): Emulator {
      if (!state.emulator) throw new Error("emulator not started");
      return state.emulator;
    },
    client(clientOptions: ClientOptions = {}): Client {
      const client = new Client(TOKEN, { baseUrl: state.emulator!.url, verbose: false, retryBaseDelayMs: 5, ...clientOptions });
      state.clients.push(client);
      return client;
    },
  };
}

/**
 * Resolves once a request sent now (the health route, counted in the stats) has been answered.
 * A request a client had already sent has arrived by then: a test can say "nothing more was
 * sent" after this instead of after a wait on time.
 */
export async function roundTrip(emulator: Emulator): Promise<void> {
  const answer = await fetch(`${emulator.url}health`);
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`the emulator's health route answered ${answer.status}`);
}

/** The query strings the emulator received for one resource, in arrival order. */
export const pagesRequested = (emulator: Emulator, resource: string): number[] =>
  emulator.stats.log.filter((entry) => entry.path.endsWith(`/${resource}`)).map((entry) => entry.page);

export interface CapturedWarning {
  message: string;
  code?: string;
  detail?: string;
}

/** The warnings emitted while `run` runs (Jest's sandboxed process does not deliver "warning" events). */
export async function captureWarnings<T>(run: () => Promise<T>): Promise<{ result: T; warnings: CapturedWarning[] }> {
  const warnings: CapturedWarning[] = [];
  const spy = jest.spyOn(process, "emitWarning").mockImplementation(((
    warning: string | Error,
    options?: { code?: string; detail?: string },
  ) => {
    warnings.push({ message: String(warning), code: options?.code, detail: options?.detail });
  }) as typeof process.emitWarning);
  try {
    return { result: await run(), warnings };
  } finally {
    spy.mockRestore();
  }
}
