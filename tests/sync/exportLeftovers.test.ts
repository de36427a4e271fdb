import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store";
import { tempFolder } from "../helpers/tempFolder";

const root = tempFolder("fountframe-export-leftovers-");

/** The pid of a process that has ended. */
const endedPid = (): number => spawnSync("true").pid!;

/** What a store export killed before its end left beside its target is cleared by the next export there. */
describe("store.writeParquet after an export was killed", () => {
  let store: Store;
  let folder: string;
  beforeEach(async () => {
    folder = mkdtempSync(join(root, "case-"));
    store = await openStore(join(folder, "fount.duckdb"));
    await store.query("CREATE TABLE t AS SELECT range AS id, range % 3 AS study_id FROM range(30)");
  });
  afterEach(() => store.close());

  it("removes a dead process's side folders and files, and leaves a running one's", async () => {
    const dead = endedPid();
    const live = process.ppid;
    const out = join(folder, "by-study");
    const leftovers = [
      `.by-study.fountframe-${dead}-1.partial`,
      `.by-study.fountframe-${dead}-3.copied`,
      `.by-study.fountframe-${dead}-2.old`,
    ];
    for (const name of leftovers) mkdirSync(join(folder, name, "study_id=9"), { recursive: true });
    const running = `.by-study.fountframe-${live}-1.partial`;
    mkdirSync(join(folder, running));
    writeFileSync(join(folder, `.t.parquet.fountframe-${dead}-4.partial`), "PAR1");
    mkdirSync(out);
    await store.writeParquet("t", out, { partitionBy: ["study_id"] });
    await store.writeParquet("t", folder);
    expect(readdirSync(folder).sort()).toEqual([running, "by-study", "fount.duckdb", "t.parquet"].sort());
    expect(readdirSync(out).sort()).toEqual(["study_id=0", "study_id=1", "study_id=2"]);
  });

  it("puts back the earlier export a kill between the two renames left aside", async () => {
    const out = join(folder, "by-study");
    await store.writeParquet("t", out, { partitionBy: ["study_id"] });
    const aside = join(folder, `.by-study.fountframe-${endedPid()}-2.old`);
    spawnSync("mv", [out, aside]);
    await store.query("DELETE FROM t WHERE study_id = 2");
    // the export puts it back first, then replaces it whole as an earlier export
    await store.writeParquet("t", out, { partitionBy: ["study_id"] });
    expect(readdirSync(folder).sort()).toEqual(["by-study", "fount.duckdb"]);
    expect(readdirSync(out).sort()).toEqual(["study_id=0", "study_id=1"]);
  });
});
