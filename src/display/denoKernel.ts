/**
 * The one place that knows Deno's Jupyter kernel (`deno jupyter`): its public `Deno.jupyter.display`,
 * which sends a MIME bundle as a display_data message (`raw: true`), and with a `display_id` and
 * `update: true` replaces an earlier output in place. Outside the kernel `Deno.jupyter` is not
 * `undefined`: reading it throws ("only available in `deno jupyter` subcommand"), hence the catch.
 */

/** The MIME bundle and options `Deno.jupyter.display` takes (Deno 2's lib.deno.unstable.d.ts). */
export interface DenoDisplayOptions {
  raw?: boolean;
  update?: boolean;
  display_id?: string;
}
export type DenoDisplay = (bundle: Readonly<Record<string, string | object>>, options: DenoDisplayOptions) => Promise<void>;

interface DenoGlobal {
  jupyter?: { display?: DenoDisplay };
}

/** `Deno.jupyter.display` when this process is Deno's Jupyter kernel, else undefined. */
export function denoJupyterDisplay(): DenoDisplay | undefined {
  const deno = (globalThis as { Deno?: DenoGlobal }).Deno;
  if (!deno) return undefined;
  try {
    const display = deno.jupyter?.display;
    return typeof display === "function" ? display.bind(deno.jupyter) : undefined;
  } catch {
    return undefined; // `deno run`: the getter throws
  }
}
