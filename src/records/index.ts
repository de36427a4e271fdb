// The records and rows every stage passes along (pages, frame, export, decode): types only, a leaf.
export type { JsonRecord, RowShape, ShapeOptions } from "./types";
export type { ChunkStats, PageChunk } from "./pageChunk";
