import { DataNotFoundError } from "../../src/errors";
import { matchedNone, NOT_COMMITTED } from "../../src/sync/pageAudit";
import { IncompletePullError } from "../../src/sync/types";

const emptyFirstPage = (meta?: Record<string, unknown>) => new DataNotFoundError("the query returned no records", { meta });

describe("matchedNone: an empty first page is the query matching none only when its meta says so", () => {
  it("takes total 0 and no later page as none", () => {
    expect(matchedNone(emptyFirstPage({ total: 0, last_page: 1 }), "sync of brands")).toBe(true);
  });

  it.each([
    [{ total: 5, last_page: 1 }, "meta said total 5 and last_page 1"],
    [{ total: 0, last_page: 3 }, "meta said total 0 and last_page 3"],
    [{ last_page: 2 }, "meta said last_page 2"],
  ])("refuses a page whose meta %j says records, naming what it said", (meta, said) => {
    const refused = (() => {
      try {
        matchedNone(emptyFirstPage(meta), "sync of brands");
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(IncompletePullError);
    expect((refused as Error).message).toBe(`sync of brands: page 1 came back without records while its ${said}; ${NOT_COMMITTED}`);
  });

  it.each([undefined, {}])("refuses a page with no meta (%j): whether it matches none is unknown", (meta) => {
    expect(() => matchedNone(emptyFirstPage(meta), "sync of brands")).toThrow(/said neither meta.total nor meta.last_page/);
  });

  it("leaves other errors to the caller", () => {
    expect(matchedNone(new Error("boom"), "sync of brands")).toBe(false);
  });
});
