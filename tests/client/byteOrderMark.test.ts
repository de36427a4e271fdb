import { captureWarnings, TOKEN, useEmulator } from "./fixture";
import { expectSameFrame } from "./sameFrame";

// brands: 439 records, 5 pages at 100
const env = useEmulator();

/** Page 2 of brands as the service answers it, with a UTF-8 byte order mark before its `{`. */
async function pageWithByteOrderMark(): Promise<string> {
  const page = await fetch(`${env.emulator.url}brands?page=2&per_page=100`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return `\uFEFF${await page.text()}`;
}

describe("a body whose JSON follows a byte order mark (RFC 8259 lets a reader ignore it)", () => {
  it.each([0, 2])("is read as its JSON, on every decode path (threads: %i)", async (threads) => {
    const plain = await env.client().brands();
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "status", status: 200, body: await pageWithByteOrderMark() }]);
    const { result, warnings } = await captureWarnings(() => env.client({ threads, retries: 0 }).brands());
    expect(warnings).toEqual([]);
    expectSameFrame(result, plain);
  });

  it("as the page records of client.pages", async () => {
    const plain = [];
    for await (const page of env.client().pages("brands")) plain.push(...page.records);
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "status", status: 200, body: await pageWithByteOrderMark() }]);
    const marked = [];
    for await (const page of env.client({ retries: 0 }).pages("brands")) marked.push(...page.records);
    expect(marked).toEqual(plain);
  });
});
