import { join } from "node:path";
import { ValueError } from "../../src/errors";
import { StoreFileError } from "../../src/store";
import { openStore, type Store } from "../../src/store";
import { useStoreFixture } from "./helpers/storeFixture";

/**
 * A COMMIT DuckDB fails (here: out of a user's low memory_limit) can leave its picture of the
 * database in memory wrong (index entries of the rows it undid: a later run's append of those ids
 * failed "Duplicate key"; a checkpoint of it "Corrupted in-memory column"). The store says so, does
 * nothing more, never checkpoints that picture, and the file opened again holds what was committed.
 */
const fx = useStoreFixture("tok-failed-commit");
const QUERY = { studies: [1, 2, 3, 4, 5, 6, 7, 8] };

/** A run under each limit on a fresh store, until one fails at its COMMIT: that store and its error. */
async function failAtCommit(): Promise<{ store: Store; error: unknown; file: string }> {
  const tried: string[] = [];
  // nearest first to where DuckDB 1.5 fails this run's COMMIT here (48MB); lower limits fail its appends, higher ones none
  for (const mb of [48, 44, 52, 40, 56, 60, 36, 64, 68, 72, 80, 96]) {
    const file = join(fx.dir, `limit-${mb}.duckdb`);
    const store = await openStore(file);
    await store.query(`SET memory_limit = '${mb}MB'`);
    const error = await fx.client.sync(store, "brandscapeData", QUERY).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    if (String((error as Error | undefined)?.message).includes("Failed to commit")) return { store, error, file };
    tried.push(`${mb}MB: ${error === undefined ? "done" : String((error as Error).message).slice(0, 60)}`);
    await store.close();
  }
  throw new Error(`no memory_limit made a COMMIT fail: ${tried.join("; ")}`);
}

it("a COMMIT DuckDB failed: a ValueError saying to raise the limit and open the store again; then every call refused; opened again, the run completes", async () => {
  const { store, error, file } = await failAtCommit();
  expect(error).toBeInstanceOf(ValueError);
  expect((error as Error).message).toMatch(
    /Failed to commit.*ran out of its memory_limit.*raise it \(store\.query\("SET memory_limit = '2GB'"\)\), close the store and open it again \(DuckDB failed a COMMIT, after which this store does nothing more\), and sync again/,
  );
  for (const call of [
    () => store.query("SET memory_limit = '2GB'"),
    () => store.tables(),
    () => fx.client.sync(store, "brandscapeData", QUERY),
  ]) {
    const refused = await call().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(refused).toBeInstanceOf(StoreFileError);
    expect((refused as Error).message).toMatch(
      /can do nothing more since DuckDB failed a COMMIT.*\): close it and open it again \(the file keeps every commit made before\)$/,
    );
  }
  await store.close();
  const reopened = await openStore(file);
  try {
    const committedRows = (await reopened.tables()).find((table) => table.table === "brandscape_data")?.rows ?? 0;
    const report = await fx.client.sync(reopened, "brandscapeData", QUERY);
    const fresh = await fx.client.brandscapeData({ ...QUERY, fields: ["id"] });
    expect(report.rows).toBe(fresh.shape[0]);
    const stored = await reopened.query("SELECT count(*) AS n, count(DISTINCT id) AS ids FROM brandscape_data");
    expect(stored.values).toEqual([[fresh.shape[0], fresh.shape[0]]]);
    expect(committedRows).toBeLessThan(fresh.shape[0]);
  } finally {
    await reopened.close();
  }
}, 120_000);
