import { PassThrough } from "node:stream";
import { ProgressDisplay } from "../../src/progress/progressDisplay";
import { loadStandInKernel } from "../helpers/standInKernel";
import { TOKEN, useEmulator } from "./fixture";

const env = useEmulator();

function captureStderr(): { text: () => string; restore: () => void } {
  const chunks: string[] = [];
  const original = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  }) as typeof process.stderr.write;
  return { text: () => chunks.join(""), restore: () => void (process.stderr.write = original) };
}

test("off a TTY a verbose pull prints a few plain lines, never the token", async () => {
  const stderr = captureStderr();
  try {
    await env.client({ verbose: true }).rawQuery("brands", { perPage: 5 });
  } finally {
    stderr.restore();
  }
  const lines = stderr.text().trim().split("\n");
  expect(lines.length).toBeLessThanOrEqual(2);
  expect(lines[lines.length - 1]).toMatch(/^brands: (\d+)\/\1 pages, \d+ rows in [\d.]+ s$/);
  expect(stderr.text()).not.toContain(TOKEN);
});

test("verbose false prints nothing", async () => {
  const stderr = captureStderr();
  try {
    await env.client({ verbose: false }).rawQuery("brands", { perPage: 5 });
  } finally {
    stderr.restore();
  }
  expect(stderr.text()).toBe("");
});

test("on a TTY concurrent pulls share one multi-bar display: a finished pull's line stays above the one still going", async () => {
  const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
  let written = "";
  stream.on("data", (chunk) => (written += String(chunk)));
  const display = new ProgressDisplay(stream);
  const first = display.start("brands", true);
  const second = display.start("regions", true);
  first.setTotal(4);
  second.setTotal(2);
  for (let i = 0; i < 4; i += 1) first.tick(10);
  first.stop();
  second.tick(5);
  second.tick(5);
  second.stop();
  // the last frame drawn holds both lines, the finished one first: two separate bars would redraw only their own
  const frames = written.split("\u001b[1G\u001b[1G");
  // eslint-disable-next-line no-control-regex -- the terminal's escape codes are what is being read
  const bothLines = /^brands \|[^\n]*\| 4\/4 pages \| 40 rows [^\n]*\n\u001b\[1Gregions \|[^\n]*\| 2\/2 pages \| 10 rows [^\n]*\n$/;
  expect(frames[frames.length - 1]).toMatch(bothLines);
});

test("in a notebook a pull's progress is one output line, updated in place, never stderr", async () => {
  const kernel = loadStandInKernel();
  kernel.runCell();
  const stderr = captureStderr();
  try {
    await env.client({ verbose: true }).rawQuery("brands", { perPage: 5 });
  } finally {
    stderr.restore();
    kernel.unload();
  }
  expect(stderr.text()).toBe("");
  const { written } = kernel;
  expect(written.length).toBeGreaterThanOrEqual(2);
  // one output: every message carries the same display id, the first creates it and the rest replace it
  const displayIds = new Set(written.map(({ message }) => message.transient.display_id));
  expect(displayIds.size).toBe(1);
  expect([...displayIds][0]).toMatch(/^[0-9a-f]{16}$/);
  expect(written.map(({ update }) => update)).toEqual([false, ...written.slice(1).map(() => true)]);
  expect(written.every(({ message }) => Object.keys(message.data).join() === "text/plain")).toBe(true);
  expect(written.at(-1)!.message.data["text/plain"]).toMatch(/^brands: (\d+)\/\1 pages, \d+ rows in [\d.]+ s$/);
  expect(JSON.stringify(written)).not.toContain(TOKEN);
});
