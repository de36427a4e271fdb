/** The signals that stop the CLI, each exiting with the one code of an interrupted run (docs/cli.md). */
export const EXIT_SIGNALS = { SIGINT: 130, SIGTERM: 130, SIGHUP: 130 } as const;

export type StopSignal = keyof typeof EXIT_SIGNALS;

export const STOP_SIGNALS = Object.keys(EXIT_SIGNALS) as StopSignal[];

/** How many running actions handle the stop signals themselves (whileInterruptible). */
let actionsHandlingSignals = 0;

/**
 * From the CLI's first moment, before its commands are even loaded: a stop signal no running action
 * handles exits with its code and one line, instead of killing the process by the signal.
 */
export function exitOnUnhandledSignals(stderr: { write(text: string): unknown }): void {
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (actionsHandlingSignals > 0) return;
      stderr.write("interrupted\n");
      process.exit(EXIT_SIGNALS[signal]);
    });
  }
}

/** Runs `action`, which handles the stop signals itself, with exitOnUnhandledSignals standing aside. */
export async function handlingSignals<T>(action: () => Promise<T>): Promise<T> {
  actionsHandlingSignals++;
  try {
    return await action();
  } finally {
    actionsHandlingSignals--;
  }
}
