import { ValueError } from "../../src/errors";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "inexact-ids-token";

/** A sync keys its rows on ids: one a JSON number cannot carry exactly is refused, nothing committed. */
describe("a sync of ids past 2^53", () => {
  const fx = useStoreFixture(TOKEN, { proxy: true });
  const rows = async () => (await fx.store.query("SELECT * FROM brands ORDER BY id")).values;

  it("refuses a page whose id is a whole number past 2^53, naming it, and keeps the rows as they were", async () => {
    await fx.client.sync(fx.store, "brands");
    const before = await rows();
    // 2^53 + 2, the double nearest to 9007199254740993 and 9007199254740994 alike
    fx.proxy.rewrite((path, _params, body) => {
      if (path !== "brands") return undefined;
      (body.data as Record<string, unknown>[])[0].id = 2 ** 53 + 2;
      return body;
    });
    const refused = await fx.client.sync(fx.store, "brands", { mode: "full" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValueError);
    expect(String(refused)).toMatch(
      /sync of brands.*: id 9007199254740994 is a whole number past 2\^53.*nothing of the pull was committed/,
    );
    expect(await rows()).toEqual(before);
  });

  it("takes 2^53 - 1, the largest id a JSON number carries exactly", async () => {
    fx.proxy.rewrite((path, params, body) => {
      if (path !== "brands" || params.get("page") !== "1") return undefined;
      (body.data as Record<string, unknown>[])[0].id = Number.MAX_SAFE_INTEGER;
      return body;
    });
    await fx.client.sync(fx.store, "brands");
    expect((await fx.store.query("SELECT max(id) AS id FROM brands")).column("id").values[0]).toBe(Number.MAX_SAFE_INTEGER);
  });
});
