import { APIError, InconsistentPagesError } from "../../src/errors";
import { TOKEN, pagesRequested, useEmulator } from "./fixture";

const env = useEmulator();

/** Page 2 of brands at 20 a page, as the emulator serves it, changed by `edit`, served in its place. */
async function servePage2(edit: (page: { data: unknown[]; meta: Record<string, unknown> }) => unknown): Promise<void> {
  const answer = await fetch(`${env.emulator.url}brands?page=2&per_page=20`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  const page = (await answer.json()) as { data: unknown[]; meta: Record<string, unknown> };
  env.emulator.setFaults([{ resource: "brands", page: 2, kind: "status", status: 200, body: JSON.stringify(edit(page)) }]);
}

/** What a list's later page says wrong is told as what it is, not as a count that moved. */
describe("a later page of a list in another shape", () => {
  test("`data` a record, not a list: a malformed answer saying so", async () => {
    await servePage2((page) => ({ ...page, data: page.data[0] }));
    const failure = env.client({ retries: 0, onErrors: "raise" }).brands({ perPage: 20 });
    await expect(failure).rejects.toThrow(APIError);
    await expect(failure).rejects.toThrow(/`data` was a record, where a later page of a list holds a list of records/);
  });

  test("meta.total not a whole number: the page is said to hold none, not `undefined`", async () => {
    await servePage2((page) => ({ ...page, meta: { ...page.meta, total: Number(page.meta.total) + 0.5 } }));
    const failure = env.client({ retries: 0, onErrors: "raise" }).brands({ perPage: 20 });
    await expect(failure).rejects.toThrow(InconsistentPagesError);
    await expect(failure).rejects.toThrow(
      /meta\.total changed during the pull: page 1 said \d+, page 2 said none \(no whole number >= 0\)/,
    );
  });
});

describe("a list's first page whose `data` is one record", () => {
  const maintenance = JSON.stringify({ data: { message: "Service in maintenance" } });

  test("is a malformed answer, retried, then an APIError: never a one-row frame", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 1, kind: "status", status: 200, body: maintenance }]);
    env.emulator.resetStats();
    const failure = env.client({ retries: 1, retryBaseDelayMs: 1, onErrors: "raise" }).brands({ countryCodes: "US" });
    await expect(failure).rejects.toThrow(APIError);
    await expect(failure).rejects.toThrow(/`data` was a record, where a list's route answers a list of records/);
    expect(pagesRequested(env.emulator, "brands").filter((page) => page === 1)).toHaveLength(2);
  });

  test("an item route's one record is its answer, by `brandId` or by its path", async () => {
    const client = env.client();
    expect((await client.brands({ brandId: 5 })).shape[0]).toBe(1);
    expect(await client.rawQuery("brands/5")).toEqual([expect.objectContaining({ id: 5 })]);
  });
});
