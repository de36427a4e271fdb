import { displayWidth } from "../../text/terminalText";

/** Where a label sits relative to its point: pixel offsets and text anchoring. */
export interface LabelPlacement {
  readonly dx: number;
  readonly dy: number;
  readonly align: "left" | "right" | "center";
  readonly baseline: "middle" | "bottom" | "top";
  /** set when the label sits away from its point: draw a line from the point to (dx, dy) */
  readonly leader: boolean;
}

export interface PlotPoint {
  /** pixels from the plot's left edge */
  readonly x: number;
  /** pixels from the plot's top edge */
  readonly y: number;
  /** the label, or undefined for a point that only takes up room */
  readonly label?: string;
}

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

const GAP = 6;
const POINT_RADIUS = 4;
/**
 * Wider than most sans-serif fonts' average glyph, so estimated boxes err on the roomy side: per
 * terminal column (displayWidth), so a CJK character or an emoji, two columns, takes 1.2 em.
 */
const CHARACTER_WIDTH = 0.6;

const NEAR: readonly LabelPlacement[] = [
  { dx: GAP, dy: 0, align: "left", baseline: "middle", leader: false },
  { dx: -GAP, dy: 0, align: "right", baseline: "middle", leader: false },
  { dx: 0, dy: -GAP, align: "center", baseline: "bottom", leader: false },
  { dx: 0, dy: GAP, align: "center", baseline: "top", leader: false },
  { dx: GAP - 2, dy: -GAP + 2, align: "left", baseline: "bottom", leader: false },
  { dx: GAP - 2, dy: GAP - 2, align: "left", baseline: "top", leader: false },
  { dx: -GAP + 2, dy: -GAP + 2, align: "right", baseline: "bottom", leader: false },
  { dx: -GAP + 2, dy: GAP - 2, align: "right", baseline: "top", leader: false },
];

/** Farther spots, each ring costing more than covering a point or so from a near spot. */
const FAR_RINGS = [18, 30, 44, 60];
const FAR: readonly (LabelPlacement & { ring: number })[] = FAR_RINGS.flatMap((distance, ring) =>
  ([-1, 1] as const).flatMap((side) => [
    {
      dx: 0,
      dy: side * distance,
      align: "center" as const,
      baseline: side < 0 ? ("bottom" as const) : ("top" as const),
      leader: true,
      ring,
    },
    {
      dx: GAP,
      dy: side * distance,
      align: "left" as const,
      baseline: side < 0 ? ("bottom" as const) : ("top" as const),
      leader: true,
      ring,
    },
    {
      dx: -GAP,
      dy: side * distance,
      align: "right" as const,
      baseline: side < 0 ? ("bottom" as const) : ("top" as const),
      leader: true,
      ring,
    },
  ]),
);

const CANDIDATES: readonly { placement: LabelPlacement; baseCost: number }[] = [
  ...NEAR.map((placement) => ({ placement, baseCost: 0 })),
  ...FAR.map(({ ring, ...placement }) => ({ placement, baseCost: 1.5 + ring })),
];

function labelBox(point: PlotPoint, text: string, placement: LabelPlacement, fontSize: number): Box {
  const width = displayWidth(text) * fontSize * CHARACTER_WIDTH;
  const height = fontSize * 1.2;
  const anchorX = point.x + placement.dx;
  const anchorY = point.y + placement.dy;
  const left = placement.align === "left" ? anchorX : placement.align === "right" ? anchorX - width : anchorX - width / 2;
  const top = placement.baseline === "top" ? anchorY : placement.baseline === "bottom" ? anchorY - height : anchorY - height / 2;
  return { left, top, right: left + width, bottom: top + height };
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Places labels beside their points: each label, in the order given, takes the spot that stays
 * inside the plot, overlaps no label placed before it, and costs least: one per other point it
 * covers (five for a labelled point), more for spots farther out, which get a leader line.
 * Null when no spot is free.
 * Greedy, with estimated text widths: a headless render has no font metrics, and the vega label
 * transform needs a canvas package.
 */
export function placeLabels(
  points: readonly PlotPoint[],
  size: { width: number; height: number },
  fontSize = 10,
): (LabelPlacement | null)[] {
  const pointBoxes: Box[] = points.map((point) => ({
    left: point.x - POINT_RADIUS,
    top: point.y - POINT_RADIUS,
    right: point.x + POINT_RADIUS,
    bottom: point.y + POINT_RADIUS,
  }));
  const labelBoxes: Box[] = [];
  return points.map((point, index) => {
    if (!point.label || !Number.isFinite(point.x) || !Number.isFinite(point.y)) return null;
    let best: { placement: LabelPlacement; box: Box; cost: number } | undefined;
    for (const { placement, baseCost } of CANDIDATES) {
      if (best && baseCost >= best.cost) break;
      const box = labelBox(point, point.label, placement, fontSize);
      if (box.left < 0 || box.top < 0 || box.right > size.width || box.bottom > size.height) continue;
      if (labelBoxes.some((other) => overlaps(box, other))) continue;
      let cost = baseCost;
      pointBoxes.forEach((other, otherIndex) => {
        if (otherIndex !== index && overlaps(box, other)) cost += points[otherIndex].label ? 5 : 1;
      });
      if (!best || cost < best.cost) best = { placement, box, cost };
    }
    if (!best) return null;
    labelBoxes.push(best.box);
    return best.placement;
  });
}
