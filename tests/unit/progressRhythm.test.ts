/** Progress off a terminal (a script's log, CI): a steady rhythm of plain lines on a fake clock. */
import { PassThrough } from "node:stream";
import { PLAIN_LINE_EVERY_MS, ProgressDisplay } from "../../src/progress/progressDisplay";

function plainDisplay() {
  let time = 1_700_000_000_000;
  const stream = new PassThrough();
  let written = "";
  stream.on("data", (chunk) => (written += String(chunk)));
  const display = new ProgressDisplay(stream, () => time);
  return {
    display,
    advance: (ms: number) => (time += ms),
    lines: () => written.split("\n").filter(Boolean),
  };
}

test("a slow pull prints a line every few seconds, not only at half-way, and the summary at the end", () => {
  const { display, advance, lines } = plainDisplay();
  const pull = display.start("brands", true);
  pull.setTotal(100);
  for (let page = 1; page <= 100; page += 1) {
    advance(180); // 100 pages in 18 s
    pull.tick(10);
  }
  pull.stop();
  expect(lines()).toEqual([
    "brands: 28/100 pages, 280 rows",
    "brands: 56/100 pages, 560 rows",
    "brands: 84/100 pages, 840 rows",
    "brands: 100/100 pages, 1000 rows in 18.0 s",
  ]);
});

test("a very slow pull prints at each tenth, never more often", () => {
  const { display, advance, lines } = plainDisplay();
  const pull = display.start("brandscape-data", true);
  pull.setTotal(40);
  for (let page = 1; page <= 40; page += 1) {
    advance(PLAIN_LINE_EVERY_MS); // every page takes the whole interval: the tenths set the rhythm
    pull.tick(1);
  }
  pull.stop();
  const interim = lines().slice(0, -1);
  expect(interim.map((line) => line.match(/ (\d+)\/40/)![1])).toEqual(["4", "8", "12", "16", "20", "24", "28", "32", "36"]);
  expect(lines().at(-1)).toBe("brandscape-data: 40/40 pages, 40 rows in 200.0 s");
});

test("a quick pull is one summary line; a one-page pull says nothing", () => {
  const quick = plainDisplay();
  const pull = quick.display.start("regions", true);
  pull.setTotal(20);
  for (let page = 1; page <= 20; page += 1) {
    quick.advance(100);
    pull.tick(5);
  }
  pull.stop();
  expect(quick.lines()).toEqual(["regions: 20/20 pages, 100 rows in 2.0 s"]);

  const single = plainDisplay();
  const one = single.display.start("years", true);
  one.setTotal(1);
  one.tick(3);
  one.stop();
  expect(single.lines()).toEqual([]);
});
