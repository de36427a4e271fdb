import type { DataFrame } from "danfojs-node";
import { Client } from "../../src/client/client";
import type { ClientOptions } from "../../src/client/options";
import { startEmulator, type Emulator } from "../../src/emulator";
import { APIError } from "../../src/errors";
import { expectSameFrame } from "./sameFrame";

// a service behind a compressing web server, and the same service without: the client asks for
// compression, and the frame does not depend on how the pages travelled
let compressing: Emulator;
let plain: Emulator;
const clients: Client[] = [];
const client = (on: Emulator, options: ClientOptions = {}): Client => {
  const made = new Client("token", { baseUrl: on.url, verbose: false, ...options });
  clients.push(made);
  return made;
};
const WIDE = { filters: { countries: [1, 2, 3], years: [1, 2] }, perPage: 150 };
/** eight pages of the documented width */
const SMALL = { filters: { countries: [1], years: [1] }, perPage: 150 };
/** SMALL's frame over a plain link, pulled once */
let plainSmall: Promise<DataFrame> | undefined;
const expectedSmall = (): Promise<DataFrame> => (plainSmall ??= client(plain, { threads: 0 }).brandscapeData(SMALL));
/** WIDE's frame over a plain link, pulled once */
let plainWide: Promise<DataFrame> | undefined;
const expectedWide = (): Promise<DataFrame> => (plainWide ??= client(plain, { threads: 0 }).brandscapeData(WIDE));

beforeAll(async () => {
  [compressing, plain] = await Promise.all([startEmulator({ rateLimit: false, compression: true }), startEmulator({ rateLimit: false })]);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((made) => made.aclose()));
  compressing.resetStats();
});
afterAll(() => Promise.all([compressing.close(), plain.close()]));

describe("over a compressing link", () => {
  it.each([0, 2])("pages come compressed (br) and make the same frame, threads: %d", async (threads) => {
    const frame = await client(compressing, { threads }).brandscapeData(WIDE);
    expectSameFrame(frame, await expectedWide());
    const pages = compressing.stats.log.filter((entry) => entry.path.endsWith("/brandscape-data"));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((entry) => entry.encoding === "br")).toBe(true);
  });

  it("another endpoint's frame is the same too", async () => {
    const expected = await client(plain).brands();
    expectSameFrame(await client(compressing).brands(), expected);
    expect(compressing.stats.log.some((entry) => entry.encoding === "br")).toBe(true);
  });
});

describe("codings other than br", () => {
  it.each([["gzip"], ["deflate"]] as const)("a server offering %s alone: every page in it, the same frame", async (coding) => {
    const only = await startEmulator({ rateLimit: false, compression: [coding] });
    try {
      expectSameFrame(await client(only, { threads: 0 }).brandscapeData(SMALL), await expectedSmall());
      const pages = only.stats.log.filter((entry) => entry.path.endsWith("/brandscape-data"));
      expect(pages.length).toBeGreaterThan(1);
      expect(pages.every((entry) => entry.encoding === coding)).toBe(true);
    } finally {
      await only.close();
    }
  });
});

describe("a body that is not the coding it says", () => {
  it("is read again, and the frame is whole", async () => {
    compressing.setFaults([{ resource: "brandscape-data", page: 2, kind: "mislabelled", times: 1 }]);
    try {
      const frame = await client(compressing, { retryBaseDelayMs: 1 }).brandscapeData(SMALL);
      expectSameFrame(frame, await expectedSmall());
      expect(compressing.stats.log.filter((entry) => entry.path.endsWith("/brandscape-data") && entry.page === 2)).toHaveLength(2);
    } finally {
      compressing.setFaults([]);
    }
  });

  it("fails the call naming the coding when it never decodes, without the token", async () => {
    compressing.setFaults([{ resource: "brandscape-data", page: 2, kind: "mislabelled", coding: "gzip" }]);
    try {
      const made = new Client("s3cret-credential", {
        baseUrl: compressing.url,
        verbose: false,
        retries: 1,
        retryBaseDelayMs: 1,
        onErrors: "raise",
      });
      clients.push(made);
      const failure = await made.brandscapeData(SMALL).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(failure).toBeInstanceOf(APIError);
      expect(failure?.message).toMatch(/not the gzip it says it is/);
      expect(failure?.message).not.toContain("s3cret-credential");
    } finally {
      compressing.setFaults([]);
    }
  });
});

describe("requests in flight", () => {
  it("stay within batchSize × nWorkers while the pages are decompressed and read", async () => {
    const slow = await startEmulator({ rateLimit: false, compression: true, latencyMs: 5 });
    try {
      await client(slow, { batchSize: 2, nWorkers: 2, threads: 0 }).brandscapeData({ ...SMALL, perPage: 40 });
      expect(slow.stats.maxInFlight).toBe(4);
    } finally {
      await slow.close();
    }
  });
});
