// The records and rows every stage passes along (pages, frame, export, decode): types only, a leaf.
// A record, its row shape and a page chunk are the table model's (src/table/types.ts), named here for
// the stages that pass them along; the shape options a caller gives are records' own.
export type { ShapeOptions } from "./types";
export type { ChunkStats, JsonRecord, PageChunk, RowShape } from "../table/types";
