import { lstat, mkdir, readdir, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { ExportError } from "../exportError";
import { openFileInside, type Sink } from "./fileOutput";
import { followedLinks } from "./outputTarget";
import { temporaryFolder, temporaryPathBeside, type TemporaryOutput } from "./temporary";

/** A folder being written under a temporary name (a partitioned dataset): its files are opened here. */
export interface FolderOutput {
  /** A new file at `relative` inside the folder, its own folders made as needed. */
  openFile(relative: string): Promise<Sink>;
}

/**
 * Runs `write` with a hidden, private folder beside `target`, then renames it into place (a dataset
 * already there is replaced, anything else refused: see checkReplaceable). If anything fails, files
 * still open are closed and the folder is removed; the target is left as it was.
 */
export async function withFolderOutput<T>(given: string, write: (folder: FolderOutput) => Promise<T>): Promise<T> {
  // a link to the dataset's folder stays a link: the folder it names is replaced
  const target = await followedLinks(given);
  await checkReplaceable(target);
  let partial: TemporaryOutput;
  try {
    await mkdir(dirname(target), { recursive: true });
    partial = temporaryFolder(target, target);
  } catch (error) {
    throw new ExportError(`cannot write ${target}: ${(error as Error).message}`, { cause: error });
  }
  const open = new Set<Sink>();
  const folder: FolderOutput = {
    async openFile(relative) {
      const path = join(partial.path, relative);
      await mkdir(dirname(path), { recursive: true });
      const sink = await openFileInside(path, join(target, relative));
      open.add(sink);
      return {
        ...sink,
        async close() {
          open.delete(sink);
          await sink.close();
        },
      };
    },
  };
  try {
    const result = await write(folder);
    await partial.commit(replaceFolder);
    return result;
  } catch (error) {
    await Promise.all([...open].map((sink) => sink.abort().catch(() => {})));
    await partial.discard();
    throw error;
  }
}

/**
 * What may be replaced: nothing yet, an empty folder, or a folder holding only `column=value`
 * folders (a dataset written before), where a link the user keeps at the path leads. Anything else (a
 * file, a device, a folder of other things such as a home folder given by mistake) is refused, before
 * any request and again at the end.
 */
export async function checkReplaceable(given: string): Promise<boolean> {
  const target = await followedLinks(given);
  const existing = await lstat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw new ExportError(`cannot write ${target}: ${error.message}`, { cause: error });
  });
  if (!existing) return false;
  const refuse = (what: string) =>
    new ExportError(
      `cannot write ${target}: it exists and ${what}; a partitioned dataset replaces only an empty folder or one holding column=value folders: choose another folder or remove it`,
    );
  if (!existing.isDirectory()) throw refuse("is not a folder");
  const entries = await readdir(target, { withFileTypes: true });
  const stranger = entries.find((entry) => !entry.isDirectory() || entry.name.startsWith(".") || !/^[^=]+=/.test(entry.name));
  if (stranger) throw refuse(`holds ${JSON.stringify(stranger.name)}, which is not a partition folder`);
  return true;
}

/** The complete dataset into place; a dataset already there is moved aside first, then removed. */
async function replaceFolder(partial: string, target: string): Promise<void> {
  const existing = await checkReplaceable(target);
  const aside = temporaryPathBeside(target, ".old");
  try {
    if (existing) await rename(target, aside);
    await rename(partial, target).catch(async (error: unknown) => {
      if (existing) await rename(aside, target).catch(() => {});
      throw error;
    });
  } catch (error) {
    throw new ExportError(`cannot write ${target}: ${(error as Error).message}`, { cause: error });
  }
  if (existing) await rm(aside, { recursive: true, force: true });
}
