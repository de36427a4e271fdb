import { randomBytes } from "node:crypto";
import { runningCellWriter, type WriteDisplayData } from "./tslabKernel";

/** One output in several forms, MIME type → content: each viewer shows the richest form it renders. */
export type MimeBundle = Readonly<Record<string, string>>;

/** Writing outputs to the notebook cell that is running. */
export interface NotebookDisplay {
  show(bundle: MimeBundle): void;
  /** An output that each call replaces in place (a progress line); the first call creates it. */
  live(): (bundle: MimeBundle) => void;
}

function kernelDisplay(writeDisplayData: WriteDisplayData): NotebookDisplay {
  const write = (bundle: MimeBundle, displayId: string | undefined, update: boolean) => {
    writeDisplayData({ data: bundle, metadata: {}, transient: displayId ? { display_id: displayId } : {} }, update);
  };
  return {
    show: (bundle) => write(bundle, undefined, false),
    live: () => {
      const displayId = randomBytes(8).toString("hex");
      let shown = false;
      return (bundle) => {
        write(bundle, displayId, shown);
        shown = true;
      };
    },
  };
}

/** The display of the tslab kernel this process is (in the cell it is running), else undefined. */
export function notebookDisplay(): NotebookDisplay | undefined {
  const writer = runningCellWriter();
  return writer && kernelDisplay(writer);
}
