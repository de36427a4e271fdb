type Rgb = readonly [number, number, number];

const LIGHT: Rgb = [247, 251, 255];
const SEQUENTIAL_DARK: Rgb = [33, 113, 181]; // a blue, readable with white text
const NEGATIVE: Rgb = [215, 48, 39];
const POSITIVE: Rgb = [26, 152, 80];
const NEUTRAL: Rgb = [255, 255, 255];

function mix(from: Rgb, to: Rgb, share: number): Rgb {
  const t = Math.min(1, Math.max(0, share));
  const channel = (index: 0 | 1 | 2) => Math.round(from[index] + (to[index] - from[index]) * t);
  return [channel(0), channel(1), channel(2)];
}

function css([red, green, blue]: Rgb): string {
  return `rgb(${red},${green},${blue})`;
}

/** Dark backgrounds get white text (relative luminance under one half). */
function textFor([red, green, blue]: Rgb): string {
  const luminance = (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255;
  return luminance < 0.5 ? "#fff" : "#111";
}

function cellCss(background: Rgb): string {
  return `background-color:${css(background)};color:${textFor(background)}`;
}

/** Low to high as light to dark blue; `share` is the value's place between the column's min (0) and max (1). */
export function sequentialCss(share: number): string {
  return cellCss(mix(LIGHT, SEQUENTIAL_DARK, share));
}

/** Negative red, zero white, positive green; `share` runs from -1 to 1 (value over the largest magnitude). */
export function divergingCss(share: number): string {
  return cellCss(share < 0 ? mix(NEUTRAL, NEGATIVE, -share * 0.85) : mix(NEUTRAL, POSITIVE, share * 0.85));
}
