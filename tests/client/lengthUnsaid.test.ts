import { Client } from "../../src/client/client";
import { InconsistentPagesError } from "../../src/errors";
import { captureWarnings } from "./fixture";
import { pagedService, type PagedService } from "../sync/helpers/pagedService";

const PAGES = [
  [
    { id: 1, name: "a" },
    { id: 2, name: "b" },
  ],
  [
    { id: 3, name: "c" },
    { id: 4, name: "d" },
  ],
];

/** A first page that says neither meta.total nor meta.last_page cannot tell a whole pull from its first page: the frame says so. */
describe("a pull whose first page does not say how long it is", () => {
  let service: PagedService;
  let client: Client;
  beforeAll(async () => {
    service = await pagedService();
  });
  afterAll(async () => {
    await client?.aclose();
    await service.close();
  });

  it("warns that only the full first page was read, under onErrors warn", async () => {
    service.serve(PAGES, { meta: false });
    client = new Client("length-token", { baseUrl: service.url, perPage: 2, verbose: false });
    const { result, warnings } = await captureWarnings(() => client.brands());
    expect(result.shape[0]).toBe(2);
    expect(warnings.map((warning) => warning.code)).toEqual(["FOUNTFRAME_INCONSISTENT_PAGES"]);
    expect(warnings[0].message).toMatch(
      /page 1 said neither meta.total nor meta.last_page and held a full page \(2 records\): only it was read/,
    );
  });

  it("raises under onErrors raise, and says nothing of a short first page or a single page asked for", async () => {
    service.serve(PAGES, { meta: false });
    const raising = new Client("length-token", { baseUrl: service.url, perPage: 2, verbose: false, onErrors: "raise" });
    await expect(raising.brands()).rejects.toThrow(InconsistentPagesError);
    const { warnings } = await captureWarnings(() => raising.brands({ maxPages: 1 }));
    expect(warnings).toEqual([]);
    service.serve([[{ id: 1, name: "a" }]], { meta: false });
    expect((await raising.brands()).shape[0]).toBe(1);
    await raising.aclose();
  });
});
