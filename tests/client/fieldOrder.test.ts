/** `fields` as asked (audiences: no include comes by default): the emulator answers in its own key order (as the service does); frames and pages show the asked one. */
import { join } from "node:path";
import { FrameBuilder, recordsToFrame } from "../../src/rows/rowShape";
import { namesInFieldOrder } from "../../src/pull/pull";
import { serveHostilePages } from "../export/hostilePages";
import { tempFolder } from "../helpers/tempFolder";
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

describe("a field that the first page's records lack: the same column order on every path", () => {
  const dir = tempFolder("fountframe-field-order-");
  // `nested` is asked first but arrives only on page 2: it follows the columns already seen, on every path
  const PAGES = [['{"id":1,"x":1}'], ['{"id":2,"x":2,"nested":{"a":1,"b":2}}']];
  const ASKED = ["nested", "id", "x"];
  const ORDER = ["id", "x", "nested_a", "nested_b"];
  const query = () => ({ fields: ASKED, perPage: serveHostilePages(env.emulator, "brands", PAGES).perPage });

  test("frame, frame from the cache (filled, then kept columns), pages into the frame builder, records", async () => {
    expect((await env.client().brands(query())).columns).toEqual(ORDER);
    const cache = { cache: { dir: join(dir, "cache") } };
    expect((await env.client(cache).brands(query())).columns).toEqual(ORDER);
    expect((await env.client(cache).brands(query())).columns).toEqual(ORDER);
    const builder = new FrameBuilder();
    for await (const page of env.client().pages("brands", query())) builder.add(page);
    expect((await builder.toFrame()).columns).toEqual(ORDER);
    expect((await recordsToFrame(await env.client().rawQuery("brands", query()))).columns).toEqual(ORDER);
  });
});
