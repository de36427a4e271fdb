import { tenths } from "../market";
import { audiencesOf, brandCells, cellFields, idsOf, mean, quadrant, type ToolAnswer } from "./common";

const STRENGTH = "brand_strength_c";
const STATURE = "brand_stature_c";

/** brand-worth-map: each brand at its brandscape strength and stature (the same numbers brandscape-data has). */
export const brandWorthMap: ToolAnswer = (market, args) => {
  const audiences = audiencesOf(args, market);
  const cells = brandCells(market, idsOf(args, "brands"), idsOf(args, "studies"), audiences);
  return {
    title: "Brand Worth Map",
    x_axis: STATURE,
    y_axis: STRENGTH,
    audiences,
    data: cells.map((cell) => {
      const strength = market.value(cell, STRENGTH);
      const stature = market.value(cell, STATURE);
      return { ...cellFields(market, cell), [STATURE]: stature, [STRENGTH]: strength, quadrant: quadrant(strength, stature) };
    }),
  };
};

/** category-worth-map: each category at its study brands' average strength and stature. */
export const categoryWorthMap: ToolAnswer = (market, args) => {
  const audiences = audiencesOf(args, market);
  const data: Record<string, unknown>[] = [];
  for (const studyId of idsOf(args, "studies")) {
    for (const audienceId of audiences) {
      for (const categoryId of idsOf(args, "categories")) {
        const brands = market.studyBrands(studyId).filter((brandId) => market.categoryOf(brandId) === categoryId);
        if (brands.length === 0) continue;
        const strength = tenths(mean(brands.map((brandId) => market.value({ brandId, studyId, audienceId }, STRENGTH))));
        const stature = tenths(mean(brands.map((brandId) => market.value({ brandId, studyId, audienceId }, STATURE))));
        const category = market.related.categoryById.get(categoryId)!;
        data.push({
          category_id: categoryId,
          category_name: category.name,
          study_id: studyId,
          audience_id: audienceId,
          brand_count: brands.length,
          [STATURE]: stature,
          [STRENGTH]: strength,
          quadrant: quadrant(strength, stature),
        });
      }
    }
  }
  return { title: "Category Worth Map", x_axis: STATURE, y_axis: STRENGTH, audiences, data };
};

/** brand-vulnerability-map: the brand in every study that surveyed it, how far its stature outruns its strength. */
export const brandVulnerabilityMap: ToolAnswer = (market, args) => {
  const brandId = idsOf(args, "brand")[0];
  const studies = (market.dataset.brandStudyIds.get(brandId) ?? []).filter((studyId) => market.studyBrands(studyId).includes(brandId));
  return studies.map((studyId) => {
    const cell = { brandId, studyId, audienceId: market.defaultAudienceId };
    const strength = market.value(cell, STRENGTH);
    const stature = market.value(cell, STATURE);
    const study = market.study(studyId);
    const exposure = tenths(Math.max(0, stature - strength));
    return {
      ...cellFields(market, cell),
      country_code: market.related.countryCode(market.related.studyCountryId(study.id)),
      year: market.related.studyYear(study),
      [STRENGTH]: strength,
      [STATURE]: stature,
      vulnerability: String(exposure), // a numeric string, as the service sends some numbers
      level: exposure >= 25 ? "high" : exposure >= 10 ? "medium" : "low",
    };
  });
};
