import { existsSync, readFileSync } from "node:fs";
import { lstat, mkdir, readFile, readdir, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { ExportError } from "../exportError";
import { withFileOutput, type Sink } from "./fileOutput";
import { fittingName, provisionalFolder, type TemporaryOutput } from "./temporary";

const MANIFEST = "manifest.json";
const RESUME_SUFFIX = ".resume";

/** Where an export to `target` keeps its work: a hidden folder beside it. */
export function resumeFolderOf(target: string): string {
  return join(dirname(target), `.${fittingName(basename(target), RESUME_SUFFIX.length + 1)}${RESUME_SUFFIX}`);
}

/**
 * The work a resumable export keeps beside its target, `.NAME.resume/`: a manifest and segments,
 * each written whole under a temporary name and renamed (a file there is complete and never
 * changes). A folder started by this run is removed on failure or signal until the first manifest
 * is saved; from then on it is kept on purpose, for the next run to continue.
 */
export class ResumeFolder {
  readonly path: string;
  readonly #target: string;
  #provisional: TemporaryOutput | undefined;

  constructor(target: string) {
    this.#target = target;
    this.path = resumeFolderOf(target);
  }

  /** The manifest kept by an earlier run, as JSON; undefined when there is none (no folder, or no checkpoint). */
  async readManifest(): Promise<unknown> {
    if (!(await this.#checkOwnFolder())) return undefined;
    let text: string;
    try {
      text = await readFile(join(this.path, MANIFEST), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw new ExportError(`cannot read the resume state in ${this.path}: ${(error as Error).message}`, { cause: error });
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ExportError(`the resume state in ${this.path} is not one this version reads: remove ${this.path} to start over`);
    }
  }

  /** The manifest as it is on disk now, synchronously (a signal handler's question); undefined when none or unreadable. */
  keptManifest(): unknown {
    try {
      return JSON.parse(readFileSync(join(this.path, MANIFEST), "utf8")) as unknown;
    } catch {
      return undefined;
    }
  }

  /**
   * A new, empty, private folder (whatever a run that never reached a checkpoint left is removed; a
   * link there is removed, never followed); `mkdir` fails on anything that appears there meanwhile.
   */
  async start(): Promise<void> {
    try {
      await rm(this.path, { recursive: true, force: true });
      await mkdir(dirname(this.path), { recursive: true });
      // a manifest on disk is a checkpoint, even before saveManifest has heard its rename is done
      this.#provisional = provisionalFolder(this.path, this.#target, () => existsSync(join(this.path, MANIFEST)));
    } catch (error) {
      throw new ExportError(`cannot write ${this.#target}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Saved whole (written beside, then renamed); from the first save on, the folder is kept. */
  async saveManifest(manifest: object): Promise<void> {
    await withFileOutput(join(this.path, MANIFEST), (sink) => sink.write(`${JSON.stringify(manifest, null, 1)}\n`));
    await this.#provisional?.commit(async () => {});
    this.#provisional = undefined;
  }

  /** A segment written whole by `write`, or not at all. */
  writeSegment<T>(name: string, write: (sink: Sink) => Promise<T>): Promise<T> {
    return withFileOutput(join(this.path, name), write);
  }

  readSegment(name: string): Promise<Buffer> {
    return readFile(join(this.path, name));
  }

  /** Removes what `kept` does not list: the segments a failed run wrote after its last checkpoint, and any temporary file. */
  async keepOnly(kept: readonly string[]): Promise<void> {
    const names = new Set([MANIFEST, ...kept]);
    for (const entry of await readdir(this.path)) if (!names.has(entry)) await rm(join(this.path, entry), { recursive: true, force: true });
  }

  /** The run failed: a folder it started with nothing kept yet is removed; one holding a checkpoint stays. */
  async abandon(): Promise<void> {
    await this.#provisional?.discard();
    this.#provisional = undefined;
  }

  /** The export is complete: the work is no longer needed. */
  async remove(): Promise<void> {
    await rm(this.path, { recursive: true, force: true });
  }

  /**
   * The folder kept from an earlier run must be one an export made: a real folder of this user, not
   * a link someone planted at its predictable name to receive the pieces elsewhere.
   */
  async #checkOwnFolder(): Promise<boolean> {
    const found = await lstat(this.path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (!found) return false;
    const ours = found.isDirectory() && (typeof process.getuid !== "function" || found.uid === process.getuid());
    if (!ours)
      throw new ExportError(
        `cannot use the resume state in ${this.path}: it is ${found.isSymbolicLink() ? "a symbolic link" : found.isDirectory() ? "another user's folder" : "not a folder"}, not one an export made; remove it`,
      );
    return true;
  }
}
