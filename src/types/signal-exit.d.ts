/** signal-exit 3 ships no types: the one call fountframe makes. */
declare module "signal-exit" {
  /** Runs `onExit` once when the process exits, or is about to be ended by a signal; returns its removal. */
  function onExit(onExit: (code: number | null, signal: NodeJS.Signals | null) => void, options?: { alwaysLast?: boolean }): () => void;
  export = onExit;
}
