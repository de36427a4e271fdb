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
