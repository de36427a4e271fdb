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

/** What XML 1.0 cannot hold, escaped or not: C0 controls but tab and line ends, U+FFFE, U+FFFF and lone surrogates. */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const NOT_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A vega-lite spec as an SVG document, rendered headless: no browser and no canvas package
 * (text widths are estimated, so labels get a little extra room). A character XML cannot hold (a
 * control character in a label) is drawn as U+FFFD, so every XML reader opens the document.
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const { vega, vegaLite } = await loadRenderers();
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: "none" });
  try {
    return (await view.toSVG()).replace(NOT_XML, "\uFFFD");
  } finally {
    view.finalize();
  }
}
