/**
 * A documented float (brands' share_of_company) whose every value is whole: the pull's frame holds
 * it as float32, and so does store.query's frame of the synced table (a DOUBLE column), not int32.
 * An all-null number column is float32 of NaN on both sides, not text. Real HTTP, the emulator.
 */
import { join } from "node:path";
import { openStore } from "../../src/store";
import { useEmulator } from "../client/fixture";
import { serveHostilePages } from "../export/hostilePages";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-documented-float-");

test("whole values of a documented float are float32 in store.query's frame, as in the pull's", async () => {
  const pages = [['{"id":1,"name":"a","share_of_company":10,"x":null}', '{"id":2,"name":"b","share_of_company":20,"x":null}']];
  const perPage = serveHostilePages(env.emulator, "brands", pages).perPage;
  const client = env.client({ onErrors: "raise" });
  const pulled = await client.brands({ perPage });
  const store = await openStore(join(dir, "brands.duckdb"));
  try {
    await client.sync(store, "brands", { perPage });
    const queried = await store.query("SELECT id, share_of_company FROM brands ORDER BY id");
    const pulledDtype = pulled.dtypes[pulled.columns.indexOf("share_of_company")];
    expect(pulledDtype).toBe("float32");
    expect(queried.dtypes).toEqual(["int32", pulledDtype]);
    expect(queried.column("share_of_company").values).toEqual([10, 20]);
  } finally {
    await store.close();
  }
});
