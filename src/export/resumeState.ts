import { createHash } from "node:crypto";
import type { PullIdentity } from "../pull/pull";
import type { RecordPage } from "../pull/envelope";
import type { ColumnarSchema } from "./columnarTypes";
import type { CellNotices } from "./typedBatches";
import { ExportError } from "./exportError";
import { ResumeFolder } from "./output";

/** 2: a partitioned export keeps segments too, and writes its dataset from them at the end. */
const MANIFEST_VERSION = 2;

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
  /** the written pieces' cells a frame holds otherwise, warned of once at the end (absent in a manifest an earlier version wrote) */
  cellNotices?: CellNotices;
  /** the segment files, in page order */
  segments: string[];
  /** the SHA-256 of each segment's bytes, as `segments` (absent in a manifest an earlier version wrote) */
  segmentDigests?: string[];
  /** the SHA-256 of page `pagesDone`'s records as they came (pageDigest; absent in a manifest an earlier version wrote) */
  lastPageDigest?: string;
}

/**
 * A page's records as they came, as a SHA-256: a resume asks the last page it wrote again, and
 * records added, removed or revised before it (rows shifted across the pages) change its digest.
 */
export function pageDigest(page: RecordPage): string {
  return createHash("sha256").update(JSON.stringify(page.records)).digest("hex");
}

/** A kept manifest as this version reads it: an ExportError saying to start over for any other. */
export function manifestOf(kept: unknown, folder: string): ResumeManifest | undefined {
  if (kept === undefined) return undefined;
  if ((kept as Partial<ResumeManifest> | null)?.version === MANIFEST_VERSION) return kept as ResumeManifest;
  throw new ExportError(`the resume state in ${folder} is not one this version reads: remove ${folder} to start over`);
}

/** What an interrupted or failed export to `target` kept: pages `firstPage`–`pagesDone` of `lastPage`, in `folder`. */
export interface KeptWork {
  readonly folder: string;
  readonly firstPage: number;
  readonly pagesDone: number;
  readonly lastPage: number;
}

/** The work kept for `target`, undefined when none (no checkpoint was reached). Synchronous: a signal handler asks. */
export function keptWork(target: string): KeptWork | undefined {
  const folder = new ResumeFolder(target);
  const kept = folder.keptManifest() as Partial<ResumeManifest> | undefined;
  if (kept?.version !== MANIFEST_VERSION || !kept.pull || kept.pagesDone === undefined || kept.lastPage === undefined) return undefined;
  return { folder: folder.path, firstPage: kept.pull.startPage, pagesDone: kept.pagesDone, lastPage: kept.lastPage };
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
