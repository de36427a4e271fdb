/**
 * The one tslab internal fountframe uses (src/display/tslabKernel.ts), checked against tslab's real
 * kernel module: where it is, the member that holds the running cell's writer, what sets it, and
 * the message it takes (the one tslab's own public `display` sends). It fails if a tslab upgrade
 * changes any of them. Node's own require, as the kernel loads the module (not jest's registry).
 */
import { createRequire } from "node:module";
import { notebookDisplay } from "../../src/display/notebookDisplay";
import { TSLAB_KERNEL_MODULE, TSLAB_WRITER_MEMBER, type DisplayMessage } from "../../src/display/tslabKernel";

const nodeRequire = createRequire(__filename);
const KERNEL_PATH = nodeRequire.resolve("tslab/dist/jupyter.js");

interface RealKernel {
  lastWriteDisplayData: ((message: DisplayMessage, update: boolean) => void) | null;
  JupyterHandlerImpl: { prototype: { handleExecuteImpl: (...args: unknown[]) => unknown } };
}
interface TslabPublic {
  newDisplay(): { html(text: string): void };
  display: { text(text: string): void };
}

let kernel: RealKernel;
let tslab: TslabPublic;
beforeAll(() => {
  kernel = nodeRequire(KERNEL_PATH) as RealKernel;
  tslab = nodeRequire("tslab") as TslabPublic;
}, 60_000);
afterAll(() => {
  kernel.lastWriteDisplayData = null;
});

function recordWrites(): Array<{ message: DisplayMessage; update: boolean }> {
  const written: Array<{ message: DisplayMessage; update: boolean }> = [];
  kernel.lastWriteDisplayData = (message, update) => void written.push({ message, update });
  return written;
}

it("tslab's kernel module is where fountframe looks, with the member it reads, null between cells", () => {
  expect(KERNEL_PATH).toMatch(TSLAB_KERNEL_MODULE);
  expect(Object.keys(kernel)).toContain(TSLAB_WRITER_MEMBER);
  expect(kernel.lastWriteDisplayData).toBeNull();
  expect(notebookDisplay()).toBeUndefined();
});

it("executing a cell sets the member to the cell's writer", () => {
  expect(String(kernel.JupyterHandlerImpl.prototype.handleExecuteImpl)).toMatch(
    new RegExp(`\\b${TSLAB_WRITER_MEMBER}\\s*=\\s*writeDisplayData\\b`),
  );
});

it("fountframe's messages are the ones tslab's public display writes through the same member", () => {
  const written = recordWrites();
  const theirs = tslab.newDisplay();
  theirs.html("<b>1</b>");
  theirs.html("<b>2</b>");
  tslab.display.text("plain");
  const ours = notebookDisplay()!;
  const live = ours.live();
  live({ "text/html": "<b>1</b>" });
  live({ "text/html": "<b>2</b>" });
  ours.show({ "text/plain": "plain" });

  expect(written).toHaveLength(6);
  const shape = ({ message, update }: { message: DisplayMessage; update: boolean }) => ({
    data: message.data,
    metadata: message.metadata,
    displayId: typeof message.transient.display_id,
    // tslab's first write of a display passes `undefined`: the kernel reads it as a boolean
    update: Boolean(update),
  });
  const [theirFirst, theirSecond, theirText, ourFirst, ourSecond, ourText] = written.map(shape);
  expect([ourFirst, ourSecond]).toEqual([theirFirst, theirSecond]);
  expect(theirFirst).toEqual({ data: { "text/html": "<b>1</b>" }, metadata: {}, displayId: "string", update: false });
  expect(theirSecond.update).toBe(true);
  expect(written[3].message.transient.display_id).toBe(written[4].message.transient.display_id);
  // one output without an id: tslab's says `display_id: undefined`, ours leaves the key out
  expect({ ...ourText, displayId: "undefined" }).toEqual(theirText);
});
