// Display keeps what the frame says: its row labels, dates read as dates (cells unchanged), and a
// tool's or sync's result shown in tslab as in Deno.
import { inspect } from "node:util";
import { DataFrame } from "danfojs-node";
import { show, showHtml, styledTable, frameToText, formatCell } from "../../src/display";
import { withNotebookForm, syncReportForm } from "../../src/display/valueForms";
import { loadStandInKernel, type StandInKernel } from "../helpers/standInKernel";

afterEach(() => jest.restoreAllMocks());

const scores = new DataFrame({ relevance: [61.25, 33, 47.5], rank: [90, 12, 55] });

describe("a frame's own row labels", () => {
  test("show(df.describe()) labels its rows count, mean, std, …", async () => {
    const log = jest.spyOn(console, "log").mockImplementation(() => {});
    await show(scores.describe());
    const lines = String(log.mock.calls[0][0]).split("\n");
    expect(lines.slice(1, 4).map((line) => line.split(/\s+/)[0])).toEqual(["count", "mean", "std"]);
  });

  test("styledTable and showHtml's HTML carry them too", () => {
    const html = styledTable(scores.describe(), { heat: ["relevance"] });
    expect(html).toMatch(/<th[^>]*>count<\/th>/);
    expect(html).toMatch(/<th[^>]*>mean<\/th>/);
    const log = jest.spyOn(console, "log").mockImplementation(() => {});
    void showHtml(html);
    expect(String(log.mock.calls[0][0])).toContain(">std</th>");
  });

  test("a sorted frame keeps its rows' labels; a default index stays positions", () => {
    const sorted = scores.sortValues("rank", { ascending: false });
    expect(
      frameToText(sorted)
        .split("\n")
        .slice(1, 4)
        .map((line) => line.trim().split(/\s+/)[0]),
    ).toEqual(["0", "2", "1"]);
    expect(
      frameToText(scores)
        .split("\n")
        .slice(1, 4)
        .map((line) => line.trim().split(/\s+/)[0]),
    ).toEqual(["0", "1", "2"]);
  });
});

describe("dates and timestamps", () => {
  const stamped = new DataFrame({
    start_date: ["2020-02-01T00:00:00.000000Z", "2021-03-04T00:00:00.000000Z"],
    updated_at: ["2020-02-01T14:38:12.000000Z", "2020-02-01T00:00:00.000000Z"],
  });

  test("read as 2020-02-01 and 2020-02-01 14:38:12 UTC (seconds shown where one has them); the frame's cells stay as they were", () => {
    const text = frameToText(stamped);
    expect(text).toContain("2020-02-01  2020-02-01 14:38:12 UTC");
    expect(text).toContain("2021-03-04  2020-02-01 00:00:00 UTC");
    expect(text).not.toContain("T00:00:00");
    expect(styledTable(stamped)).toContain(">2020-02-01 14:38:12 UTC</td>");
    const toTheMinute = new DataFrame({ at: ["2020-02-01T14:38:00Z", "2020-02-01T09:05:00Z"] });
    expect(frameToText(toTheMinute)).toContain("2020-02-01 14:38 UTC");
    expect(stamped.column("updated_at").values[0]).toBe("2020-02-01T14:38:12.000000Z");
  });

  test("a Date alone, and a text column that is not all timestamps, as before", () => {
    expect(formatCell(new Date("2020-02-01T14:38:00Z"))).toBe("2020-02-01 14:38 UTC");
    expect(formatCell(new Date("2020-02-01T00:00:00Z"))).toBe("2020-02-01");
    expect(formatCell(new Date("2020-02-01T14:38:12.345Z"))).toBe("2020-02-01 14:38:12.345 UTC");
    expect(formatCell(-0.001)).toBe("0.00");
    expect(formatCell(-0.5)).toBe("-0.50");
    // a day there is not stays as written, never read as the next month's
    expect(frameToText(new DataFrame({ at: ["2024-02-30T10:00:00Z", "2024-01-01T10:00:00Z"] }))).toContain("2024-02-30T10:00:00Z");
    const mixed = frameToText(new DataFrame({ note: ["2020-02-01T14:38:12.000000Z", "later"] }));
    expect(mixed).toContain("2020-02-01T14:38:12.000000Z");
  });
});

describe("a sync report or a tool result as a cell's last value", () => {
  let kernel: StandInKernel;
  beforeAll(() => (kernel = loadStandInKernel()));
  afterEach(() => {
    kernel.endCell();
    kernel.written.length = 0;
  });
  afterAll(() => kernel.unload());

  const report = () =>
    withNotebookForm({ table: "brandscape_data", mode: "full", added: 12, updated: 0, removed: 0, requests: 3 }, syncReportForm);

  test("in tslab (which console.logs it) is the same HTML table Deno shows, not object text", () => {
    kernel.runCell();
    const value = report();
    expect(inspect(value)).toBe("");
    expect(kernel.written).toHaveLength(1);
    expect(kernel.written[0].message.metadata).toEqual({ fountframe: { lastValue: true } });
    const bundle = kernel.written[0].message.data;
    expect(bundle["text/html"]).toBe(syncReportForm(value)["text/html"]);
    expect(bundle["text/html"]).toContain('<th style="text-align:left">added</th><td>12</td>');
  });

  test("outside a notebook, and nested in another value, prints as its text form", () => {
    expect(inspect(report())).toMatch(/^sync report\ntable +brandscape_data\nmode +full/);
    kernel.runCell();
    expect(inspect({ result: report() })).toContain("sync report");
    expect(kernel.written).toHaveLength(0);
    expect(JSON.parse(JSON.stringify(report()))).toEqual({
      table: "brandscape_data",
      mode: "full",
      added: 12,
      updated: 0,
      removed: 0,
      requests: 3,
    });
  });
});
