import { Rng } from "../prng";
import { AUDIENCE_GROUP_NAMES, AUDIENCE_ROWS } from "./data/audiences";
import { stamps } from "./timestamps";
import type { AudienceGroupRecord, AudienceRecord } from "./types";

export interface AudienceTables {
  audienceGroups: AudienceGroupRecord[];
  audiences: AudienceRecord[];
  /** every group an audience belongs to (the `groups` filter, a group's `audiences` include) */
  audienceGroupIds: Map<number, number[]>;
  /** the first of them: the audience's `group` include */
  audienceGroup: Map<number, number>;
}

/** Which demographic cuts Brand Compass can filter an audience by. */
const BC_FILTERS: Readonly<Record<string, readonly string[]>> = {
  Gender: ["gender"],
  Age: ["age"],
  Generations: ["age"],
  Income: ["income"],
  Education: ["education"],
  Employment: ["employment"],
  Residence: ["residence"],
};

export function buildAudiences(seed: number): AudienceTables {
  const rng = new Rng(seed + 51);
  const audienceGroups = AUDIENCE_GROUP_NAMES.map((name, index) => ({
    id: index + 1,
    name,
    description: `Audiences defined by ${name.toLowerCase()}.`,
    ...stamps(rng),
  }));
  const groupIdByName = new Map(audienceGroups.map((group) => [group.name, group.id]));
  const audienceGroupIds = new Map<number, number[]>();
  const audienceGroup = new Map<number, number>();
  const audiences = AUDIENCE_ROWS.map((row, index): AudienceRecord => {
    const id = index + 1;
    const groupIds = row.groups.map((name) => groupIdByName.get(name)!);
    audienceGroupIds.set(id, groupIds);
    audienceGroup.set(id, groupIds[0]);
    const isPublic = row.public !== false;
    const bcFilters = [...new Set(row.groups.flatMap((group) => BC_FILTERS[group] ?? []))];
    return {
      id,
      name: row.name,
      description: `${row.name} (${row.groups.join(", ")}).`,
      is_active: row.active !== false,
      is_public: isPublic,
      available_for_bav: true,
      available_for_bc: isPublic && row.groups[0] !== "Influencers",
      bc_filters: bcFilters,
      available_for_diversity: row.groups.includes("Generations") || row.groups.includes("Gender"),
      is_ethnic_minority: false,
      ...stamps(rng),
    };
  });
  return { audienceGroups, audiences, audienceGroupIds, audienceGroup };
}
