/** `fields` as asked (audiences: no include comes by default): the emulator answers in its own key order (as the service does); frames and pages show the asked one. */
import { namesInFieldOrder } from "../../src/pull/pull";
import { TOKEN, useEmulator } from "./fixture";

const env = useEmulator();
const FIELDS = ["name", "id"];

test("the service's own order differs from the asked one (else these tests could not fail)", async () => {
  const response = await fetch(`${env.emulator.url}audiences?fields[audiences]=name,id&per_page=1`, {
    headers: { Authorization: `Bearer ${TOKEN}`, Accept: "application/json" },
  });
  const body = (await response.json()) as { data: object[] };
  expect(Object.keys(body.data[0])).toEqual(["id", "name"]);
});

test("a frame's columns, pages' and rawQuery's records keep the asked order", async () => {
  const client = env.client();
  const frame = await client.audiences({ fields: FIELDS, perPage: 3, maxPages: 1 });
  expect(frame.columns).toEqual(FIELDS);
  expect(frame.dtypes).toEqual(["string", "int32"]);
  for await (const page of client.pages("audiences", { fields: FIELDS, perPage: 3, maxPages: 2 })) {
    expect(page.records.map((record) => Object.keys(record))).toEqual(page.records.map(() => FIELDS));
  }
  const records = await client.rawQuery("audiences", { fields: FIELDS, perPage: 3, maxPages: 1 });
  expect(Object.keys(records[0])).toEqual(FIELDS);
});

test("flattened columns follow their field; columns of no field keep their order after the asked ones", () => {
  expect(namesInFieldOrder(["id", "brand_id", "brand_name", "name", "extra"], ["name", "brand", "id"])).toEqual([
    "name",
    "brand_id",
    "brand_name",
    "id",
    "extra",
  ]);
  expect(namesInFieldOrder(["id", "name"], ["id", "name"])).toBeUndefined();
  expect(namesInFieldOrder(["id", "name"], undefined)).toBeUndefined();
});
