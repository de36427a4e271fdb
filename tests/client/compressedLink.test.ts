import { Client } from "../../src/client/client";
import type { ClientOptions } from "../../src/client/options";
import { startEmulator, type Emulator } from "../../src/emulator";
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
    const expected = await client(plain, { threads: 0 }).brandscapeData(WIDE);
    const frame = await client(compressing, { threads }).brandscapeData(WIDE);
    expectSameFrame(frame, expected);
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
