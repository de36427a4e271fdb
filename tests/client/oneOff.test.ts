import { brands, rawQuery, regions } from "../../src/client/oneOff";
import { ValidationError } from "../../src/errors";
import { TOKEN, useEmulator } from "./fixture";

const env = useEmulator();

test("a one-off function takes the token first, then the method's arguments and client options", async () => {
  const records = await rawQuery(TOKEN, "regions", { perPage: 2 }, { baseUrl: env.emulator.url, verbose: false });
  const frame = await regions(TOKEN, { baseUrl: env.emulator.url, verbose: false, perPage: 2, batchSize: 1, nWorkers: 1 });
  expect(frame.shape[0]).toBe(records.length);
  expect(env.emulator.stats.maxInFlight).toBe(1);
  expect(frame.columns).toEqual(expect.arrayContaining(["id", "name"]));
});

test("positional parameters then options, like the method", async () => {
  const [first] = await rawQuery(TOKEN, "brands", { maxPages: 1, perPage: 1 }, { baseUrl: env.emulator.url, verbose: false });
  const frame = await brands(TOKEN, String(first.name), { baseUrl: env.emulator.url, verbose: false });
  expect(frame.column("name").values).toContain(first.name);
  expect(env.emulator.stats.log.at(-1)!.query).toContain(`filter[name]=${encodeURIComponent(String(first.name))}`);
});

test("the client is closed even when the call throws (no open handle), and validation comes first", async () => {
  await expect(brands(TOKEN, { baseUrl: env.emulator.url, verbose: false, countryCodes: "XX" })).rejects.toThrow(ValidationError);
  // @ts-expect-error verify is a client option one-off functions do not take; refused at run time too
  const withVerify = () => brands(TOKEN, { baseUrl: env.emulator.url, verbose: false, verify: false });
  await expect(withVerify()).rejects.toThrow(/verify: is not an option of brands/);
  expect(env.emulator.stats.requests).toBe(0);
  await expect(brands("wrong-token", { baseUrl: env.emulator.url, verbose: false })).rejects.toThrow(/401/);
});

test("rawQuery's options take only the one-off client options (API.md): perPage, verify, userAgent, client refused", async () => {
  const base = { baseUrl: env.emulator.url, verbose: false };
  for (const [key, value] of [
    ["perPage", 2],
    ["verify", false],
    ["userAgent", "x"],
    ["client", {}],
    ["authToken", "other"],
  ] as const) {
    // options the types refuse, given as plain JavaScript would: refused at run time too
    const refused: Promise<unknown> = Reflect.apply(rawQuery, undefined, [TOKEN, "regions", undefined, { ...base, [key]: value }]);
    await expect(refused).rejects.toThrow(ValidationError);
    await expect(refused).rejects.toThrow(new RegExp(`^${key}: is not an option of a one-off function; allowed: baseUrl, timeout`));
  }
  expect(env.emulator.stats.requests).toBe(0);
});
