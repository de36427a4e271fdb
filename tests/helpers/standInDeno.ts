/** What Deno's kernel was asked to display: the bundle and the options, as `Deno.jupyter.display` takes them. */
export interface DenoDisplayCall {
  bundle: Record<string, string>;
  options: { raw?: boolean; update?: boolean; display_id?: string };
}

export interface StandInDeno {
  readonly displayed: DenoDisplayCall[];
  remove(): void;
}

type WithDeno = { Deno?: unknown };

/**
 * Puts a stand-in of Deno's global on globalThis, where a library running in Deno's kernel finds it:
 * `Deno.jupyter.display` records its calls. `insideKernel: false` is `deno run`, where reading
 * `Deno.jupyter` throws.
 */
export function installStandInDeno({ insideKernel = true } = {}): StandInDeno {
  const displayed: DenoDisplayCall[] = [];
  const jupyter = {
    display: async (bundle: Record<string, string>, options: DenoDisplayCall["options"]) => {
      displayed.push({ bundle, options });
    },
  };
  const deno = {
    version: { deno: "2.9.6" },
    get jupyter() {
      if (!insideKernel) throw new Error("Deno.jupyter is only available in `deno jupyter` subcommand");
      return jupyter;
    },
  };
  (globalThis as WithDeno).Deno = deno;
  return { displayed, remove: () => void delete (globalThis as WithDeno).Deno };
}
