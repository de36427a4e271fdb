import { lstat, readlink, realpath, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { ExportError } from "../exportError";

/**
 * How a path is written. A regular file (or a name not there yet) is written beside its final name
 * and renamed into place; a symbolic link is followed first, so its target is the file replaced and
 * the link stays. A FIFO, a character device (/dev/stdout, /dev/null) or any other non-regular file
 * is written directly: renaming over it would replace the device node or starve the pipe's reader.
 */
export type OutputTarget = { kind: "replace"; path: string; mode: number | undefined } | { kind: "direct"; path: string; fd?: number };

/** Names of the process's own descriptors: /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N. */
const OWN_DESCRIPTOR = /^\/(?:dev\/(stdout|stderr)|dev\/fd\/(\d+)|proc\/self\/fd\/(\d+))$/;

function ownDescriptor(path: string): number | undefined {
  const match = OWN_DESCRIPTOR.exec(path);
  if (!match) return undefined;
  if (match[1]) return match[1] === "stdout" ? 1 : 2;
  return Number(match[2] ?? match[3]);
}

const MAX_LINK_HOPS = 40;

export async function outputTarget(userPath: string): Promise<OutputTarget> {
  return targetOf(userPath).catch((error: unknown) => {
    throw inLinkLoop(userPath, error);
  });
}

async function targetOf(userPath: string): Promise<OutputTarget> {
  const stats = await stat(userPath).catch(undefinedWhenMissing);
  if (stats?.isDirectory()) throw new ExportError(`cannot write ${userPath}: it is a folder; name a file inside it`);
  if (stats && !stats.isFile()) return { kind: "direct", path: userPath, fd: ownDescriptor(userPath) };
  if (stats) return { kind: "replace", path: await realpath(userPath), mode: stats.mode & 0o7777 };
  return { kind: "replace", path: await danglingLinkTarget(userPath, 0), mode: undefined };
}

/**
 * The path with its symbolic links followed (to a target not there yet too), absolute: what a
 * writer replaces, so that a link the user keeps to a file or a folder stays, and its target is written.
 */
export async function followedLinks(path: string): Promise<string> {
  return realpath(path)
    .catch(() => danglingLinkTarget(resolve(path), 0))
    .catch((error: unknown) => {
      throw inLinkLoop(path, error);
    });
}

/** A path whose links run in a loop, as a writer says it (its code, ELOOP, kept for callers that say it their own way). */
function inLinkLoop(path: string, error: unknown): unknown {
  if ((error as NodeJS.ErrnoException | undefined)?.code !== "ELOOP") return error;
  return Object.assign(new ExportError(`cannot write ${path}: it is a link in a loop of symbolic links (nothing was written)`), {
    code: "ELOOP",
  });
}

/** A missing path, or the missing file a chain of links ends at. */
async function danglingLinkTarget(path: string, hops: number): Promise<string> {
  const link = await lstat(path).catch(undefinedWhenMissing);
  if (!link?.isSymbolicLink()) return path;
  if (hops >= MAX_LINK_HOPS) throw Object.assign(new Error(`too many symbolic links: ${path}`), { code: "ELOOP" });
  return danglingLinkTarget(resolve(dirname(path), await readlink(path)), hops + 1);
}

function undefinedWhenMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === "ENOENT") return undefined;
  throw error;
}
