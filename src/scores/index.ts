export { longScores, UNPLACED_SCORE_COLUMNS_WARNING } from "./longScores";
export type { LongScoresOptions } from "./longScoresOptions";
export { SCORE_TYPES, type ScoreType } from "../rows/scoreTypes";
export { scoreColumnsOf } from "./scoreColumnsOf";
export { scoreColumnMap, type ScoreColumn, type ScoreColumnMap } from "../rows/scoreColumnMap";
