import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store";
import { PROCESS_SPACE } from "../../src/store/exportSideFiles";
import { tempFolder } from "../helpers/tempFolder";

const root = tempFolder("fountframe-export-leftovers-");

/** The pid of a process that has ended. */
const endedPid = (): number => spawnSync("true").pid!;

/** A side file's name as an export of this machine and namespace (or `space`) names it. */
const side = (target: string, pid: number, n: number, kind: string, space = PROCESS_SPACE) =>
  `.${target}.fountframe-${space}-${pid}-${n}.${kind}`;

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
  const exportByStudy = () => store.writeParquet("t", join(folder, "by-study"), { partitionBy: ["study_id"] });

  it("removes a dead process's side folders and files, and leaves a running one's and another namespace's", async () => {
    const dead = endedPid();
    const leftovers = [side("by-study", dead, 1, "partial"), side("by-study", dead, 3, "copied"), side("by-study", dead, 2, "old")];
    for (const name of leftovers) mkdirSync(join(folder, name, "study_id=9"), { recursive: true });
    // a running process's, and one of a container or host sharing the folder, whose process ids this one cannot judge
    const kept = [side("by-study", process.ppid, 1, "partial"), side("by-study", dead, 1, "partial", "0badc0de")];
    for (const name of kept) mkdirSync(join(folder, name));
    writeFileSync(join(folder, side("t.parquet", dead, 4, "partial")), "PAR1");
    mkdirSync(join(folder, "by-study"));
    await exportByStudy();
    await store.writeParquet("t", folder);
    expect(readdirSync(folder).sort()).toEqual([...kept, "by-study", "fount.duckdb", "t.parquet"].sort());
    expect(readdirSync(join(folder, "by-study")).sort()).toEqual(["study_id=0", "study_id=1", "study_id=2"]);
  });

  it("puts back the earlier export a kill between the two renames left aside", async () => {
    await exportByStudy();
    renameSync(join(folder, "by-study"), join(folder, side("by-study", endedPid(), 2, "old")));
    mkdirSync(join(folder, side("by-study", endedPid(), 1, "partial")));
    await store.query("DELETE FROM t WHERE study_id = 2");
    // the export puts it back first, then replaces it whole as an earlier export
    await exportByStudy();
    expect(readdirSync(folder).sort()).toEqual(["by-study", "fount.duckdb"]);
    expect(readdirSync(join(folder, "by-study")).sort()).toEqual(["study_id=0", "study_id=1"]);
  });

  it("puts back no .old that is a link, holds other files, or is one of two", async () => {
    mkdirSync(join(folder, "mine"));
    writeFileSync(join(folder, "mine", "NOTES.md"), "mine");
    const linked = side("by-study", endedPid(), 1, "old");
    symlinkSync(join(folder, "mine"), join(folder, linked));
    await exportByStudy();
    expect(readdirSync(folder).sort()).toEqual([linked, "by-study", "fount.duckdb", "mine"].sort());
    // with the export in place, the next one removes the link, not what it names
    await exportByStudy();
    expect(readdirSync(folder).sort()).toEqual(["by-study", "fount.duckdb", "mine"]);
    expect(readdirSync(join(folder, "mine"))).toEqual(["NOTES.md"]);

    const foreign = side("other", endedPid(), 1, "old");
    mkdirSync(join(folder, foreign));
    writeFileSync(join(folder, foreign, "NOTES.md"), "mine");
    await store.writeParquet("t", join(folder, "other"), { partitionBy: ["study_id"] });
    expect(readdirSync(join(folder, foreign))).toEqual(["NOTES.md"]);

    const [first, second] = [side("two", endedPid(), 1, "old"), side("two", endedPid(), 2, "old")];
    for (const name of [first, second]) mkdirSync(join(folder, name, "study_id=5"), { recursive: true });
    await store.writeParquet("t", join(folder, "two"), { partitionBy: ["study_id"] });
    expect(
      readdirSync(folder)
        .filter((name) => name.startsWith(".two."))
        .sort(),
    ).toEqual([first, second].sort());
  });
});
