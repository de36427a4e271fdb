import { setFrameNotebookForm } from "../frame/danfo";
import { tableBundle } from "./show";

// Imported for its effect by the display index (and so by the main entry): from then on a danfo
// frame that is a notebook cell's last value shows as `show` shows it, where the kernel asks the
// value for its MIME bundle (Deno's). src/frame/danfo owns the hook; display owns the look.
setFrameNotebookForm((frame) => tableBundle(frame));
