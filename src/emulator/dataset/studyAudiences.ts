import { STUDY_TYPES } from "./studies";
import type { AudienceRecord, StudyRecord } from "./types";

/** The audiences BAV fields a study for, in this order: the total population, then groups. */
const FIELDED_NAMES = ["All Adults", "Men", "Women", "Ages 18-34", "Ages 35-54", "Ages 55+"] as const;

/** How many of them a study is fielded for, by study type: a special study asks the total population only. */
const FIELDED_COUNT: Readonly<Record<number, number>> = {
  [STUDY_TYPES.main.id]: 6,
  [STUDY_TYPES.quarterly.id]: 3,
  [STUDY_TYPES.special.id]: 1,
};

export interface StudyAudiences {
  /**
   * Every audience that can have brandscape rows (active, public), the fielded ones first: a
   * study's own audiences are always the first `studyAudienceCount` of this list.
   */
  readonly audienceOrder: readonly number[];
  readonly studyAudienceCount: ReadonlyMap<number, number>;
}

export function assignStudyAudiences(studies: readonly StudyRecord[], audiences: readonly AudienceRecord[]): StudyAudiences {
  const eligible = audiences.filter((audience) => audience.is_active && audience.is_public);
  const fielded = FIELDED_NAMES.map((name) => eligible.find((audience) => audience.name === name)!.id);
  const audienceOrder = [...fielded, ...eligible.map((audience) => audience.id).filter((id) => !fielded.includes(id))];
  const studyAudienceCount = new Map(studies.map((study) => [study.id, FIELDED_COUNT[study.type.id] ?? 1]));
  return { audienceOrder, studyAudienceCount };
}
