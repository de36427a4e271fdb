import { Client } from "../../src/client/client";
import { ValidationError, ValueError } from "../../src/errors";

describe("Client options", () => {
  test("a client needs a non-empty token or an axios instance", () => {
    expect(() => new Client("")).toThrow(ValueError);
    expect(() => new Client({})).toThrow(/authToken/);
    expect(() => new Client("  ")).toThrow(ValueError);
  });

  test("defaults follow API.md", async () => {
    const client = new Client("t");
    expect([client.perPage, client.verbose, client.batchSize, client.nWorkers, client.retries, client.onErrors]).toEqual([
      100,
      true,
      10,
      2,
      3,
      "warn",
    ]);
    await client.aclose();
  });

  test.each([
    ["perPage", 0],
    ["perPage", -5],
    ["perPage", 1.5],
    ["perPage", 1001],
    ["batchSize", 0],
    ["nWorkers", 2.5],
    ["retries", -1],
    ["onErrors", "ignore"],
    ["verbose", "yes"],
  ])("setting %s = %j throws ValidationError naming it", async (name, value) => {
    const client = new Client("t");
    expect(() => {
      Reflect.set(client, name, value);
    }).toThrow(new RegExp(`^${name}: must be`));
    expect(() => new Client("t", { [name]: value })).toThrow(ValidationError);
    await client.aclose();
  });

  test("properties are writable with good values", async () => {
    const client = new Client({ authToken: "t", perPage: 20 });
    client.perPage = 1000;
    client.onErrors = "raise";
    client.retries = 0;
    expect([client.perPage, client.onErrors, client.retries]).toEqual([1000, "raise", 0]);
    await client.aclose();
  });

  test("unknown options are refused with the allowed list", () => {
    // @ts-expect-error a misspelt option is a type error, and refused at run time too
    const misspelt = () => new Client("t", { per_page: 10 });
    expect(misspelt).toThrow(/per_page: is not a client option \(did you mean perPage\?\); allowed: baseUrl, perPage/);
  });

  test("the object form names a misspelt authToken, even with no token in the environment", () => {
    // @ts-expect-error a misspelt key is a type error, and refused at run time too
    const misspelt = () => new Client({ authtoken: "t" });
    expect(misspelt).toThrow(/^authtoken: is not a client option \(did you mean authToken\?\); allowed: .*authToken, client$/);
  });

  test("a misspelt key of the cache object is named with the near one", () => {
    // @ts-expect-error a misspelt key is a type error, and refused at run time too
    expect(() => new Client("t", { cache: { dir: "/tmp/x", maxAge: 5 } })).toThrow(
      /^cache\.maxAge: is not a cache setting \(did you mean maxAgeMs\?\); allowed: dir, maxAgeMs$/,
    );
  });

  test("a token a header cannot carry is refused, without showing it", () => {
    for (const token of ["abcd\u2713efgh1234", "abc\ndef123"]) {
      const attempt = () => new Client(token);
      expect(attempt).toThrow(ValidationError);
      expect(attempt).toThrow(/^authToken: holds a character an HTTP header cannot carry/);
      expect(() => new Client({ authToken: token })).not.toThrow(/efgh|def123/);
    }
  });

  test("a closed client refuses new calls; closing twice is harmless", async () => {
    const client = new Client("t");
    await client.aclose();
    await client.aclose();
    await expect(client.brands("x")).rejects.toThrow(/clos/i);
    await expect(client.rawQuery("brands")).rejects.toThrow(/clos/i);
  });

  test("await using closes the client", async () => {
    let captured: Client | undefined;
    {
      await using client = new Client("t");
      captured = client;
    }
    expect(captured.closed).toBe(true);
  });
});
