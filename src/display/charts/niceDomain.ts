/**
 * A rounded [low, high] covering the values, on a 1-2-5 step giving about `ticks` intervals (as
 * d3's nice() does). Charts set it explicitly so pixel positions are known before rendering.
 */
export function niceDomain(values: readonly number[], options: { zero?: boolean; ticks?: number } = {}): [number, number] {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return [0, 1];
  let low = Math.min(...finite);
  let high = Math.max(...finite);
  if (options.zero) {
    low = Math.min(0, low);
    high = Math.max(0, high);
  }
  if (low === high) {
    const pad = low === 0 ? 1 : Math.abs(low) * 0.1;
    low -= pad;
    high += pad;
  }
  const rough = (high - low) / (options.ticks ?? 10);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude;
  return [Math.floor(low / step) * step, Math.ceil(high / step) * step];
}
