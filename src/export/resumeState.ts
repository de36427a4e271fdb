import { lstat, mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { PullIdentity } from "../pull";
import type { ColumnarSchema } from "./columnarTypes";
import { ExportError } from "./exportError";
import { fittingName, temporaryPathBeside } from "./output";

const MANIFEST = "manifest.json";
const MANIFEST_VERSION = 1;

/** What a continued export must match: the same pull, written the same way. Never holds the token. */
export interface ResumeIdentity {
  format: "parquet" | "arrow";
  /** one file from segments, or a partitioned folder */
  layout: "file" | "partitioned";
  pull: PullIdentity;
  /** the writer options that decide the rows and columns written */
  options: Record<string, unknown>;
}

/** The manifest of a resumable export: `.name.resume/manifest.json`, rewritten after each checkpoint. */
export interface ResumeManifest extends ResumeIdentity {
  version: typeof MANIFEST_VERSION;
  /** meta.total when the export started: a continued pull must see the same */
  total: number | null;
  /** the last page the pull fetches */
  lastPage: number;
  /** the last page whose rows are all in the written pieces */
  pagesDone: number;
  /** every page is written: only the final file is left to make */
  complete: boolean;
  /** rows in the written pieces */
  rows: number;
  /** rows per checkpoint: a checkpoint is taken at the first page end past this many rows */
  checkpointRows: number;
  schema: ColumnarSchema;
  /** columns empty in the first batch: utf8, and only text may come later, as in an uninterrupted export */
  emptyColumns: string[];
  /** keys later pages brought and the schema left out (onNewColumns "warn" / "ignore") */
  droppedColumns: string[];
  /** layout "file": the segment files, in page order */
  segments: string[];
  /** layout "partitioned": finished part files under `data/`, and part files started per partition folder */
  parts: { files: string[]; partCounts: [string, number][] };
}

/** Where an export to `target` keeps its work: a hidden folder beside it. */
export function resumeFolderOf(target: string): string {
  return join(dirname(target), `.${fittingName(basename(target), RESUME_SUFFIX.length + 1)}${RESUME_SUFFIX}`);
}

const RESUME_SUFFIX = ".resume";

/**
 * The folder kept from an earlier run must be one an export made: a real folder of this user, not
 * a link someone planted at its predictable name to receive the pieces elsewhere.
 */
async function checkOwnFolder(folder: string): Promise<boolean> {
  const found = await lstat(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!found) return false;
  const ours = found.isDirectory() && (typeof process.getuid !== "function" || found.uid === process.getuid());
  if (!ours)
    throw new ExportError(
      `cannot use the resume state in ${folder}: it is ${found.isSymbolicLink() ? "a symbolic link" : found.isDirectory() ? "another user's folder" : "not a folder"}, not one an export made; remove it`,
    );
  return true;
}

/** The manifest in `folder`, or undefined when there is none (nothing written yet, or no folder). */
export async function readManifest(folder: string): Promise<ResumeManifest | undefined> {
  if (!(await checkOwnFolder(folder))) return undefined;
  let text: string;
  try {
    text = await readFile(join(folder, MANIFEST), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new ExportError(`cannot read the resume state in ${folder}: ${(error as Error).message}`, { cause: error });
  }
  try {
    const manifest = JSON.parse(text) as ResumeManifest;
    if (manifest.version === MANIFEST_VERSION) return manifest;
  } catch {
    // reported below
  }
  throw new ExportError(`the resume state in ${folder} is not one this version reads: remove ${folder} to start over`);
}

/** Written beside and renamed, so a manifest is always whole. */
export async function saveManifest(folder: string, manifest: ResumeManifest): Promise<void> {
  const temporary = temporaryPathBeside(join(folder, MANIFEST), ".tmp");
  await writeFile(temporary, `${JSON.stringify(manifest, null, 1)}\n`, { flag: "wx", mode: 0o600 });
  await rename(temporary, join(folder, MANIFEST));
}

/**
 * A new, empty, private folder for an export's work (whatever a run that never reached a checkpoint
 * left is removed; a link there is removed, never followed); `mkdir` fails on anything that appears
 * there meanwhile.
 */
export async function startFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  await mkdir(dirname(folder), { recursive: true });
  await mkdir(folder, { mode: 0o700 });
}

/**
 * Removes what the manifest does not list: the pieces a failed run started after its last
 * checkpoint (a segment or part files it finished later), and any temporary file.
 */
export async function tidyFolder(folder: string, manifest: ResumeManifest): Promise<void> {
  const kept = new Set([MANIFEST, ...manifest.segments]);
  for (const entry of await readdir(folder))
    if (entry !== "data" && !kept.has(entry)) await rm(join(folder, entry), { recursive: true, force: true });
  if (manifest.layout !== "partitioned") return;
  const files = new Set(manifest.parts.files);
  const data = join(folder, "data");
  await mkdir(data, { recursive: true });
  for (const relative of await readdir(data, { recursive: true })) {
    if (files.has(relative) || (await lstat(join(data, relative))).isDirectory()) continue;
    await rm(join(data, relative), { force: true });
  }
}

/** What differs between the state kept and the export asked for, as "what: was …, now …"; undefined when nothing. */
export function whatChanged(kept: ResumeIdentity, wanted: ResumeIdentity): string | undefined {
  const pairs: [string, unknown, unknown][] = [
    ["format", kept.format, wanted.format],
    ["layout", kept.layout, wanted.layout],
    ["endpoint", kept.pull.endpoint, wanted.pull.endpoint],
    ["service address", kept.pull.baseUrl, wanted.pull.baseUrl],
    ["query", kept.pull.params, wanted.pull.params],
    ["start page", kept.pull.startPage, wanted.pull.startPage],
    ["maxPages", kept.pull.maxPages ?? null, wanted.pull.maxPages ?? null],
    ["writer options", kept.options, wanted.options],
  ];
  for (const [what, was, now] of pairs) {
    if (stableJson(was) !== stableJson(now)) return `the ${what} changed (was ${stableJson(was)}, now ${stableJson(now)})`;
  }
  return undefined;
}

/** A service address as kept: never a user or password it may carry. */
export function addressWithoutCredentials(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = "";
    url.password = "";
    return url.toString();
  } catch {
    return baseUrl.replace(/\/\/[^/@]*@/, "//");
  }
}

function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
