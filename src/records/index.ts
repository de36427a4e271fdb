// The records and rows every stage passes along (pages, frame, export, decode): types only, a leaf.
export type { JsonRecord, RowShape, ShapeOptions } from "./types";
// a page chunk is the table model's (src/table/types.ts), named here too for the stages that pass it along
export type { ChunkStats, PageChunk } from "../table/types";
