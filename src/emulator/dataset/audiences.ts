import { Rng } from "../prng";
import { AUDIENCE_GROUP_NAMES, AUDIENCE_ROWS } from "./data/audiences";
import { stamps } from "./timestamps";
import type { AudienceGroupRecord, AudienceRecord } from "./types";

export interface AudienceTables {
  audienceGroups: AudienceGroupRecord[];
  audiences: AudienceRecord[];
  audienceGroupIds: Map<number, number[]>;
}

export function buildAudiences(seed: number): AudienceTables {
  const rng = new Rng(seed + 51);
  const audienceGroups = AUDIENCE_GROUP_NAMES.map((name, index) => ({ id: index + 1, name, ...stamps(rng) }));
  const groupIdByName = new Map(audienceGroups.map((group) => [group.name, group.id]));
  const audienceGroupIds = new Map<number, number[]>();
  const audiences = AUDIENCE_ROWS.map((row, index): AudienceRecord => {
    const id = index + 1;
    audienceGroupIds.set(
      id,
      row.groups.map((name) => groupIdByName.get(name)!),
    );
    return { id, name: row.name, active: row.active === false ? 0 : 1, public: row.public === false ? 0 : 1, ...stamps(rng) };
  });
  return { audienceGroups, audiences, audienceGroupIds };
}
