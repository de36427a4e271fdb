import { createHash } from "node:crypto";
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

  /** A segment written whole by `write`, or not at all; with the SHA-256 of its bytes, for the manifest. */
  async writeSegment<T>(name: string, write: (sink: Sink) => Promise<T>): Promise<{ value: T; digest: string }> {
    const hash = createHash("sha256");
    const value = await withFileOutput(join(this.path, name), (sink) =>
      write({
        ...sink,
        write: (chunk) => {
          hash.update(chunk);
          return sink.write(chunk);
        },
      }),
    );
    return { value, digest: hash.digest("hex") };
  }

  /** A kept segment's bytes; an ExportError saying to start over when it is gone, or not the bytes `digest` says were written. */
  async readSegment(name: string, digest?: string): Promise<Buffer> {
    const bytes = await readFile(join(this.path, name)).catch((error: NodeJS.ErrnoException) => {
      throw this.#damaged(name, error.code === "ENOENT" ? "is gone" : `cannot be read (${error.message})`, error);
    });
    if (digest !== undefined && createHash("sha256").update(bytes).digest("hex") !== digest)
      throw this.#damaged(name, "is not the file written there (its bytes changed)");
    return bytes;
  }

  /** Checks each kept segment is there and, where the manifest holds their digests, unchanged: before a resumed run asks for a page. */
  async checkSegments(names: readonly string[], digests: readonly string[] | undefined): Promise<void> {
    for (const [at, name] of names.entries()) await this.readSegment(name, digests?.[at]);
  }

  /** A kept segment that cannot be used, as an ExportError saying to start over (or the error reading it otherwise). */
  damaged(name: string, error: unknown): unknown {
    return error instanceof ExportError
      ? error
      : this.#damaged(name, `cannot be read (${(error as Error)?.message ?? String(error)})`, error);
  }

  #damaged(name: string, what: string, cause?: unknown): ExportError {
    return new ExportError(`the resume state in ${this.path} is damaged: its ${name} ${what}: remove ${this.path} to start over`, {
      cause,
    });
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
