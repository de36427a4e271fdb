import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ResumeFolder } from "../../src/export/output/resumeFolder";
import { abandonLiveOutputs } from "../../src/export/output/temporary";

// A resumable export's work folder is removed when a signal ends the process before its first
// checkpoint, and kept once a manifest is in it. The manifest is renamed into the folder: the file
// is on disk before the rename's callback runs, and a signal can be handled in between. Before, the
// signal's clean-up then removed the folder with the checkpoint the interrupt message said was kept.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fountframe-resume-signal-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("a signal before the first checkpoint removes the work folder", async () => {
  const folder = new ResumeFolder(join(dir, "out.parquet"));
  await folder.start();
  await folder.writeSegment("segment-1", async (sink) => sink.write("x"));
  expect(existsSync(join(folder.path, "segment-1"))).toBe(true);
  abandonLiveOutputs();
  expect(existsSync(folder.path)).toBe(false);
});

it("a signal once the manifest is on disk keeps the folder, though its save has not returned", async () => {
  const folder = new ResumeFolder(join(dir, "out.parquet"));
  await folder.start();
  await folder.writeSegment("segment-1", async (sink) => sink.write("x"));
  // the manifest's rename done, its callback not yet run
  writeFileSync(join(folder.path, "manifest.json"), "{}\n");
  abandonLiveOutputs();
  expect(existsSync(join(folder.path, "manifest.json"))).toBe(true);
  expect(existsSync(join(folder.path, "segment-1"))).toBe(true);
  await folder.abandon();
});
