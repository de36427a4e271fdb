import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
} from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { openStore, StoreFileError } from "../../src/store";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "file-failures-s3cr3t";
const STUDIES = { studies: [5, 27, 40, 65, 80, 92] };
const CHILD = join(__dirname, "helpers", "fileLimitChild.ts");

/** Every file under `dir` with its bytes' hash, in order. */
function listed(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((path) => `${path} ${createHash("sha256").update(readFileSync(path)).digest("hex")}`);
}

/** The store's file failing under an open store: removed, replaced, or not writable at a COMMIT. */
describe("the store's file failing under it", () => {
  const fixture = useStoreFixture(TOKEN);
  /** What a sync of the fixture's store under a file size limit gave, then one more call of that store (fileLimitChild.ts). */
  const underFileLimit = async (limitKiB: number, method: string, options: object) => {
    const child = [CHILD, fixture.emulator.url, TOKEN, fixture.store.path, method, JSON.stringify(options)];
    const limited = `trap '' XFSZ; ulimit -f ${limitKiB}; exec "$0" --import tsx "$@"`;
    const { stdout } = await promisify(execFile)("bash", ["-c", limited, process.execPath, ...child], { cwd: join(__dirname, "../..") });
    return stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { name: string; message: string } | "ok");
  };

  it("a file removed while open: every later call refuses with StoreFileError, and nothing is written into the removed file", async () => {
    await fixture.client.sync(fixture.store, "brands");
    rmSync(fixture.store.path);
    rmSync(`${fixture.store.path}.wal`, { force: true });
    await expect(fixture.client.sync(fixture.store, "brands")).rejects.toThrow(StoreFileError);
    await expect(fixture.client.sync(fixture.store, "brandscapeData", { studies: [5] })).rejects.toThrow(
      /was removed, or another file put in its place/,
    );
    await expect(fixture.store.query("SELECT 1")).rejects.toThrow(StoreFileError);
    await expect(fixture.store.tables()).rejects.toThrow(StoreFileError);
    await fixture.store.close();
    fixture.store = await openStore(fixture.store.path);
    expect(await fixture.store.tables()).toEqual([]);
  });

  it("another file put in its place: refused too, and that file is left as it was", async () => {
    const other = join(fixture.dir, "other.duckdb");
    const otherStore = await openStore(other);
    await fixture.client.sync(otherStore, "brands");
    await otherStore.close();
    const size = statSync(other).size;
    renameSync(other, fixture.store.path);
    await expect(fixture.client.sync(fixture.store, "studies")).rejects.toThrow(StoreFileError);
    await fixture.store.close();
    expect(statSync(fixture.store.path).size).toBe(size);
    fixture.store = await openStore(fixture.store.path);
    expect((await fixture.store.tables()).map(({ table }) => table)).toEqual(["brands"]);
  });

  it.each<[string, (path: string, other: string) => void]>([
    ["a database copied over it in place (cp)", (path, other) => copyFileSync(other, path)],
    ["the file cut short in place", (path) => truncateSync(path, 0)],
  ])("%s: every later call refuses with StoreFileError, and nothing more is written into the file", async (_, change) => {
    const other = join(fixture.dir, `other-${Math.random().toString(36).slice(2)}.duckdb`);
    const otherStore = await openStore(other);
    await fixture.client.sync(otherStore, "categories");
    await otherStore.close();
    await fixture.client.sync(fixture.store, "brands");
    const inode = statSync(fixture.store.path).ino;
    change(fixture.store.path, other);
    expect(statSync(fixture.store.path).ino).toBe(inode);
    const bytes = readFileSync(fixture.store.path);
    await expect(fixture.client.sync(fixture.store, "brands", { mode: "full" })).rejects.toThrow(
      /was written by another program while this store had it open/,
    );
    await expect(fixture.store.query("SELECT 1")).rejects.toThrow(/can do nothing more since another program wrote its file/);
    await expect(fixture.store.tables()).rejects.toThrow(StoreFileError);
    await fixture.store.close();
    expect(readFileSync(fixture.store.path).equals(bytes)).toBe(true);
    rmSync(fixture.store.path);
    rmSync(`${fixture.store.path}.wal`, { force: true });
    fixture.store = await openStore(fixture.store.path);
  });

  it("its mark beside the file cannot be written (a folder gone read-only; here a folder in the mark's place): StoreFileError, nothing run", async () => {
    await fixture.client.sync(fixture.store, "brands");
    const mark = `${fixture.store.path}.wal.fountframe`;
    mkdirSync(mark);
    try {
      const refused = /cannot write beside its file \(EISDIR.*nothing was run and nothing committed/;
      await expect(fixture.client.sync(fixture.store, "brands", { mode: "full" })).rejects.toThrow(StoreFileError);
      await expect(fixture.client.sync(fixture.store, "brands", { mode: "full" })).rejects.toThrow(refused);
      await expect(fixture.store.query("SELECT count(*) AS n FROM brands")).rejects.toThrow(refused);
    } finally {
      rmSync(mark, { recursive: true });
    }
    expect((await fixture.store.query("SELECT count(*) AS n FROM brands")).shape[0]).toBe(1);
  });

  it("a store's calls in turn, with user SQL that writes between them, are never taken for another program's writes", async () => {
    for (let round = 0; round < 3; round++) {
      await fixture.client.sync(fixture.store, "brands", { mode: round === 1 ? "full" : "auto" });
      await fixture.store.query("CREATE TABLE IF NOT EXISTS notes AS SELECT 1 AS n");
      await fixture.store.query("INSERT INTO notes SELECT range FROM range(50000)");
      expect((await fixture.store.tables()).map(({ table }) => table)).toContain("brands");
    }
  });

  it("a store opened through a symbolic link that is then pointed at another file: refused, and neither file written", async () => {
    const [first, second, link] = ["a.duckdb", "b.duckdb", "link.duckdb"].map((name) => join(fixture.dir, name));
    const other = await openStore(second);
    await other.close();
    symlinkSync(first, link);
    await fixture.store.close();
    fixture.store = await openStore(link);
    await fixture.client.sync(fixture.store, "brands");
    unlinkSync(link);
    symlinkSync(second, link);
    await expect(fixture.client.sync(fixture.store, "sectors")).rejects.toThrow(StoreFileError);
    await expect(fixture.store.tables()).rejects.toThrow(/was removed, or another file put in its place/);
    await fixture.store.close();
    for (const [file, tables] of [
      [first, ["brands"]],
      [second, []],
    ] as const) {
      fixture.store = await openStore(file);
      expect((await fixture.store.tables()).map(({ table }) => table)).toEqual(tables);
      await fixture.store.close();
    }
    fixture.store = await openStore(join(fixture.dir, "fount.duckdb"));
  });

  // a child process under a file size limit each (tsx compiles it first): minutes on a loaded machine
  it("a checkpoint that cannot grow the file after the run's COMMIT: the run stands (in the log), later calls refuse with StoreFileError", async () => {
    await fixture.client.sync(fixture.store, "brands");
    await fixture.store.close();
    fixture.emulator.revise({ resource: "brands", ids: [3, 7, 9, 11, 13] });
    const [sync, after] = await underFileLimit(Math.floor(statSync(fixture.store.path).size / 1024), "brands", {});
    expect(sync).toBe("ok");
    expect(after).toMatchObject({
      name: "StoreFileError",
      message: expect.stringMatching(/can do nothing more since its file could not be written/),
    });
    fixture.store = await openStore(fixture.store.path);
    const names = async () => (await fixture.store.query("SELECT name FROM brands WHERE id IN (3, 7) ORDER BY id")).column("name").values;
    const fresh = await fixture.client.brands();
    const ids = fresh.column("id").values.map(Number);
    expect(await names()).toEqual([3, 7].map((id) => fresh.column("name").values[ids.indexOf(id)]));
  }, 120_000);

  it.each([[[] as string[]], [["study_id"]]])(
    "writeParquet that cannot write its file (a file size limit, partitionBy %j): ExportError saying nothing was replaced, the earlier export as it was",
    async (partitionBy) => {
      await fixture.client.sync(fixture.store, "brandscapeData", STUDIES);
      const dir = join(fixture.dir, "export");
      await fixture.store.query("CREATE TABLE small AS SELECT * FROM brandscape_data LIMIT 2");
      await fixture.store.query("ALTER TABLE brandscape_data RENAME TO big");
      await fixture.store.query("ALTER TABLE small RENAME TO brandscape_data");
      await fixture.store.writeParquet("brandscape_data", dir, { partitionBy });
      await fixture.store.query("DROP TABLE brandscape_data");
      await fixture.store.query("ALTER TABLE big RENAME TO brandscape_data");
      const earlier = listed(dir);
      await fixture.store.close();
      const [written, after] = await underFileLimit(64, "writeParquet", { table: "brandscape_data", dir, partitionBy });
      expect(written).toMatchObject({
        name: "ExportError",
        message: expect.stringMatching(/^writeParquet of brandscape_data into .* could not be written \(.*\); nothing was replaced/),
      });
      expect(after).toBe("ok");
      expect(listed(dir)).toEqual(earlier);
      expect(readdirSync(fixture.dir).filter((name) => name.includes(".fountframe-"))).toEqual([]);
      fixture.store = await openStore(fixture.store.path);
    },
    120_000,
  );

  it("a COMMIT that cannot write the file (a file size limit): StoreFileError saying so, later calls refused at once, the store whole after", async () => {
    await fixture.client.sync(fixture.store, "brandscapeData", STUDIES);
    const before = (await fixture.store.query("SELECT count(*) AS n FROM brandscape_data")).column("n").values[0];
    await fixture.store.close();
    fixture.emulator.revise({ studies: STUDIES.studies });
    const [sync, after] = await underFileLimit(Math.ceil(statSync(fixture.store.path).size / 1024) + 3000, "brandscapeData", STUDIES);
    expect(sync).toMatchObject({
      name: "StoreFileError",
      message: expect.stringMatching(/could not be written as a transaction committed \(.*File too large/),
    });
    expect(after).toMatchObject({
      name: "StoreFileError",
      message: expect.stringMatching(/can do nothing more since its file could not be written/),
    });
    fixture.store = await openStore(fixture.store.path);
    expect((await fixture.store.query("SELECT count(*) AS n FROM brandscape_data")).column("n").values[0]).toBe(before);
    const report = await fixture.client.sync(fixture.store, "brandscapeData", STUDIES);
    expect(report.rows).toBe(before);
    const fresh = await fixture.client.brandscapeData(STUDIES);
    expect(report.rows).toBe(fresh.shape[0]);
  }, 120_000);
});
