import { abandonLiveOutputs, endLiveOutputs } from "../export/output";
import { stopEveryProgressBar } from "../progress/progressDisplay";
import type { CliIo } from "./io";
import { EXIT_SIGNALS, STOP_SIGNALS, handlingSignals, type StopSignal } from "./signals";

/** The longest an interrupt waits for a reader to take the output still queued for it. */
const CLOSE_WAIT_MS = 5_000;

/**
 * Runs `action` so that Ctrl-C (SIGINT), SIGTERM or a closed terminal (SIGHUP) leaves nothing
 * behind: the progress bar is stopped (cursor and line wrap come back), partial files are removed,
 * a JSON array already on its way out is closed (after the bytes still queued for its reader, waited
 * for up to CLOSE_WAIT_MS; a second signal exits at once), and one line says what became of the
 * output: an output left incomplete, or what `kept` says was kept on purpose (a resumable export's
 * pages, and how to continue), or nothing written. The process exits 130.
 */
export async function whileInterruptible<T>(io: CliIo, action: () => Promise<T>, kept?: () => string | undefined): Promise<T> {
  let stopping = false;
  const exit = (signal: StopSignal) => {
    const incomplete = abandonLiveOutputs();
    const outcome = incomplete.length ? `${incomplete.join(", ")} incomplete` : (kept?.() ?? "nothing written");
    io.stderr.write(`interrupted: ${outcome}\n`);
    process.exit(EXIT_SIGNALS[signal]);
  };
  const stop = async (signal: StopSignal) => {
    if (stopping) exit(signal);
    stopping = true;
    stopEveryProgressBar();
    await endLiveOutputs(CLOSE_WAIT_MS);
    exit(signal);
  };
  const onSignal = (signal: StopSignal) => void stop(signal);
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  try {
    return await handlingSignals(action);
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  }
}
