import { join } from "node:path";
import { openStore, type Store } from "../../src/store";
import { recordsToFrame } from "../../src/frame/recordsToFrame";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-dtypes-");

/** store.query's frame types its columns by the frame's rule: the same cells pulled make the same dtypes. */
describe("store.query's dtypes", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore(join(dir, "fount.duckdb"));
  });
  afterAll(() => store.close());

  it("holds whole numbers with a missing cell as float32, as a pull's frame does", async () => {
    const queried = await store.query(
      "SELECT * FROM (VALUES (1::BIGINT, 1::BIGINT, 1.5::DOUBLE, true, 'a'), (NULL, 2, 2.5, NULL, NULL), (3, 3, NULL, false, 'c')) t(holes, whole, fraction, flag, label) ORDER BY whole",
    );
    const pulled = await recordsToFrame([
      { holes: 1, whole: 1, fraction: 1.5, flag: true, label: "a" },
      { holes: null, whole: 2, fraction: 2.5, flag: null, label: null },
      { holes: 3, whole: 3, fraction: null, flag: false, label: "c" },
    ]);
    expect(queried.columns).toEqual(pulled.columns);
    expect(queried.dtypes).toEqual(pulled.dtypes);
    expect(queried.dtypes).toEqual(["float32", "int32", "float32", "boolean", "string"]);
  });

  it("types a column by its SQL type: whole DOUBLEs float32, an all-null BIGINT float32 of NaN", async () => {
    const queried = await store.query(
      "SELECT * FROM (VALUES (10::DOUBLE, NULL::BIGINT, 1::INTEGER), (20::DOUBLE, NULL::BIGINT, 2::INTEGER)) t(share, none, n)",
    );
    expect(queried.dtypes).toEqual(["float32", "float32", "int32"]);
    expect(queried.values).toEqual([
      [10, NaN, 1],
      [20, NaN, 2],
    ]);
    const beyond = await store.query("SELECT 3000000000::BIGINT AS big, 1::BIGINT AS small");
    expect(beyond.dtypes).toEqual(["float32", "int32"]);
  });

  it("names a repeated column as DuckDB's pandas df() does: <name>_1, <name>_2, past a name the result holds", async () => {
    const joined = await store.query(
      "SELECT * FROM (SELECT 1 AS id, 'a' AS id_1) a JOIN (SELECT 1 AS id) b ON a.id = b.id, (SELECT 2 AS id) c",
    );
    expect(joined.columns).toEqual(["id", "id_1", "id_2", "id_3"]);
    expect(joined.values).toEqual([[1, "a", 1, 2]]);
    const empty = await store.query("SELECT 1 AS a, 2 AS a WHERE false");
    expect(empty.columns).toEqual(["a", "a_1"]);
  });

  it("gives infinite and far-off dates and timestamps as DuckDB writes them, never a RangeError", async () => {
    const queried = await store.query(
      "SELECT '-infinity'::TIMESTAMP AS a, 'infinity'::TIMESTAMP AS b, 'infinity'::DATE AS c, '-infinity'::DATE AS d, '290000-01-01'::TIMESTAMP AS e, '2024-01-31 12:00:00'::TIMESTAMP AS f",
    );
    expect(queried.values).toEqual([
      ["-infinity", "infinity", "infinity", "-infinity", "290000-01-01 00:00:00", "2024-01-31T12:00:00.000000Z"],
    ]);
  });

  it("types a result of no rows from DuckDB's column types", async () => {
    const empty = await store.query("SELECT 1::BIGINT AS n, 1.5::DOUBLE AS x, true AS b, 'a' AS s WHERE false");
    expect(empty.columns).toEqual(["n", "x", "b", "s"]);
    expect(empty.dtypes).toEqual(["int32", "float32", "boolean", "string"]);
    const huge = await store.query("SELECT 1::HUGEINT AS h, 1::UHUGEINT AS u, 1::UBIGINT AS b WHERE false");
    expect(huge.dtypes).toEqual(["int32", "int32", "int32"]);
  });
});
