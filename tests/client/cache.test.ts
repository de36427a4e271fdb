import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "../../src/client/client";
import type { ClientOptions } from "../../src/client/options";
import { startEmulator, type Emulator } from "../../src/emulator";
import { ValidationError } from "../../src/errors";
import { withDateAhead } from "../helpers/dateAhead";
import { expectSameFrame } from "./sameFrame";

const TOKEN_A = "cache-user-a-s3cr3t";
const TOKEN_B = "cache-user-b-s3cr3t";
let emulator: Emulator;
let dir: string;
const clients: Client[] = [];

const client = (token: string, options: ClientOptions = {}): Client => {
  const made = new Client(token, { baseUrl: emulator.url, verbose: false, cache: { dir }, ...options });
  clients.push(made);
  return made;
};
const pull = (made: Client) => made.brandscapeData("US", 2024, undefined, undefined, { perPage: 50, metricKeys: ["esteem"] });

beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false }); // any non-empty token
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fountframe-cache-"));
  emulator.resetStats();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((made) => made.aclose()));
  rmSync(dir, { recursive: true, force: true });
});
afterAll(() => emulator.close());

/** Every file under `root`, read as text. */
const allText = (root: string): string =>
  readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((name) => join(root, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, "latin1"))
    .join("\n");

describe("the on-disk response cache", () => {
  it("serves a re-pull with zero requests and the identical frame", async () => {
    const first = await pull(client(TOKEN_A));
    const requests = emulator.stats.requests;
    expect(requests).toBeGreaterThan(1);
    const again = await pull(client(TOKEN_A));
    expect(emulator.stats.requests).toBe(requests);
    expectSameFrame(again, first);
  });

  it("never writes the token, and keeps two users' entries apart", async () => {
    await pull(client(TOKEN_A));
    expect(allText(dir)).not.toContain(TOKEN_A);
    const requests = emulator.stats.requests;
    await pull(client(TOKEN_B));
    expect(emulator.stats.requests).toBe(requests * 2);
  });

  it("keeps two services' entries apart", async () => {
    const other = await startEmulator({ rateLimit: false });
    try {
      await pull(client(TOKEN_A));
      await pull(client(TOKEN_A, { baseUrl: other.url }));
      expect(other.stats.requests).toBeGreaterThan(1);
    } finally {
      await other.close();
    }
  });

  it("is bypassed with cache: false, fetches entries older than maxAgeMs, and is cleared by clearCache()", async () => {
    const made = client(TOKEN_A);
    await pull(made);
    const requests = emulator.stats.requests;
    made.cache = false;
    await pull(made);
    expect(emulator.stats.requests).toBe(requests * 2);

    made.cache = { dir, maxAgeMs: 60_000 };
    await pull(made);
    expect(emulator.stats.requests).toBe(requests * 2);
    await withDateAhead(60_001, () => pull(made));
    expect(emulator.stats.requests).toBe(requests * 3);

    made.cache = { dir };
    await made.clearCache();
    await pull(made);
    expect(emulator.stats.requests).toBe(requests * 4);
  });

  it("refuses bad settings before any request, naming the option", () => {
    expect(() => client(TOKEN_A, { cache: { dir: "" } })).toThrow(ValidationError);
    // @ts-expect-error ttl is no cache setting: refused at run time too
    expect(() => client(TOKEN_A, { cache: { dir, ttl: 5 } })).toThrow(/cache/);
    expect(emulator.stats.requests).toBe(0);
  });
});
