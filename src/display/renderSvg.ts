import type { TopLevelSpec } from "vega-lite";

type VegaModule = typeof import("vega");
type VegaLiteModule = typeof import("vega-lite");

/** A CommonJS module reached through `import()` may arrive wrapped in `default`. */
function unwrap<T extends object>(loaded: T | { default: T }, member: string): T {
  return member in loaded ? (loaded as T) : (loaded as { default: T }).default;
}

let renderers: Promise<{ vega: VegaModule; vegaLite: VegaLiteModule }> | undefined;

/** vega and vega-lite, loaded on the first chart only: importing fountframe stays cheap. */
function loadRenderers(): Promise<{ vega: VegaModule; vegaLite: VegaLiteModule }> {
  renderers ??= Promise.all([import("vega"), import("vega-lite")]).then(([vega, vegaLite]) => ({
    vega: unwrap<VegaModule>(vega, "View"),
    vegaLite: unwrap<VegaLiteModule>(vegaLite, "compile"),
  }));
  return renderers;
}

/**
 * A vega-lite spec as an SVG document, rendered headless: no browser and no canvas package
 * (text widths are estimated, so labels get a little extra room).
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const { vega, vegaLite } = await loadRenderers();
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
