import { captureWarnings, useEmulator } from "./fixture";
import { serveHostilePages } from "../export/hostilePages";

// issue 30, item 8: a field name the service would drop in silence is named in one warning.
const env = useEmulator();
const STUDY = 482;

const fieldWarnings = (warnings: { code?: string; message: string }[]) =>
  warnings.filter((warning) => warning.code === "FOUNTFRAME_UNKNOWN_FIELD").map((warning) => warning.message);

test("a misspelt field on a documented resource: one warning with the closest documented name", async () => {
  const { result, warnings } = await captureWarnings(() => env.client().brands({ fields: ["id", "nmae"], perPage: 5, maxPages: 1 }));
  expect(result.columns).not.toContain("nmae");
  expect(fieldWarnings(warnings)).toEqual([
    'brands: a field neither documented nor in the records received, so left out of the result: "nmae": did you mean name?',
  ]);
});

test("brandscape data: metric columns are known from the records received, a misspelt one is named once", async () => {
  const { result, warnings } = await captureWarnings(() =>
    env.client().brandscapeData({ studies: STUDY, fields: ["differentiation_c", "relevence_rank", "category_name"], perPage: 50 }),
  );
  expect(result.columns).toEqual(expect.arrayContaining(["differentiation_c", "category_name"]));
  const messages = fieldWarnings(warnings);
  expect(messages).toHaveLength(1);
  // no documented name is near it (the records asked for carry no rank column): none is guessed
  expect(messages[0]).toMatch(/"relevence_rank"$/);
});

test("documented names and names the records carry give no warning", async () => {
  const { warnings } = await captureWarnings(async () => {
    await env.client().brands({ fields: ["id", "name", "bav_brand_id"], perPage: 5, maxPages: 1 });
    await env.client().brandscapeData({ studies: STUDY, fields: ["differentiation_c", "relevance_rank", "is_duplicate"], perPage: 50 });
  });
  expect(fieldWarnings(warnings)).toEqual([]);
});

test("metricKeys that match nothing keep their warning; differentiation is matched by differentiation_c", async () => {
  const { result, warnings } = await captureWarnings(() =>
    env.client().brandscapeData({ studies: STUDY, metricKeys: ["differentiation", "diferentiation"], perPage: 50 }),
  );
  expect(result.columns).toEqual(expect.arrayContaining(["differentiation_c", "differentiation_rank"]));
  expect(result.columns).not.toContain("differentiation");
  const unmatched = warnings.filter((warning) => warning.code === "FOUNTFRAME_UNMATCHED_METRIC_KEYS");
  expect(unmatched).toHaveLength(1);
  expect(unmatched[0].message).toContain('"diferentiation"');
  expect(unmatched[0].message).not.toContain('"differentiation"');
});

test("a field first seen on a later page is no unknown field; one no page brings is named once the pull ends", async () => {
  const pages = [['{"id":1,"name":"a"}'], ['{"id":2,"name":"b","extra":{"k":1}}']];
  const { result, warnings } = await captureWarnings(() =>
    env.client().brands({ fields: ["extra", "id", "name"], perPage: serveHostilePages(env.emulator, "brands", pages).perPage }),
  );
  expect(result.columns).toContain("extra_k");
  expect(fieldWarnings(warnings)).toEqual([]);
  const missing = await captureWarnings(() =>
    env.client().brands({ fields: ["zzz", "id", "name"], perPage: serveHostilePages(env.emulator, "brands", pages).perPage }),
  );
  expect(fieldWarnings(missing.warnings)).toEqual([expect.stringMatching(/left out of the result: "zzz"/)]);
});
