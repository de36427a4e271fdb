import { niceDomain } from "../../src/display/charts/niceDomain";
import { placeLabels } from "../../src/display/charts/placeLabels";

describe("niceDomain", () => {
  test("rounds outwards on a 1-2-5 step", () => {
    expect(niceDomain([3.2, 97.4])).toEqual([0, 100]);
    expect(niceDomain([0.5, 100.33])).toEqual([0, 110]);
    expect(niceDomain([41.3, 44.9])).toEqual([41, 45]);
    expect(niceDomain([35, 40], { zero: true })).toEqual([0, 40]);
  });

  test("one value or none still gives a span", () => {
    expect(niceDomain([5])).toEqual([4.5, 5.5]);
    expect(niceDomain([Number.NaN])).toEqual([0, 1]);
  });
});

describe("placeLabels", () => {
  const size = { width: 400, height: 300 };

  test("a lone label goes right of its point; unlabelled points get nothing", () => {
    expect(
      placeLabels(
        [
          { x: 100, y: 100, label: "Lego" },
          { x: 300, y: 200 },
        ],
        size,
      ),
    ).toEqual([{ dx: 6, dy: 0, align: "left", baseline: "middle", leader: false }, null]);
  });

  test("a label that would leave the plot on the right goes left", () => {
    expect(placeLabels([{ x: 395, y: 100, label: "Volkswagen" }], size)[0]).toMatchObject({ align: "right", dx: -6 });
  });

  test("a CJK label is measured as wide as it is: near the right edge it goes left, where its character count would fit", () => {
    // 8 characters: 8 × 0.6 em = 53 px counted by characters (fits right of x 330), 106 px by width (does not)
    expect(placeLabels([{ x: 330, y: 100, label: "三菱商事株式会社" }], size)[0]).toMatchObject({ align: "right" });
    expect(placeLabels([{ x: 330, y: 100, label: "Mitsubis" }], size)[0]).toMatchObject({ align: "left" });
  });

  test("labels of crowded points never overlap each other", () => {
    const points = Array.from({ length: 6 }, (_, index) => ({ x: 150 + index * 3, y: 150, label: `Brand number ${index}` }));
    const placements = placeLabels(points, size);
    expect(placements.every((placement) => placement !== null)).toBe(true);
    const boxes = placements.map((placement, index) => {
      const width = points[index].label.length * 6;
      const anchorX = points[index].x + placement!.dx;
      const anchorY = points[index].y + placement!.dy;
      const left = placement!.align === "left" ? anchorX : placement!.align === "right" ? anchorX - width : anchorX - width / 2;
      const top = placement!.baseline === "top" ? anchorY : placement!.baseline === "bottom" ? anchorY - 12 : anchorY - 6;
      return { left, right: left + width, top, bottom: top + 12 };
    });
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).toBe(false);
    }
    expect(placements.some((placement) => placement!.leader)).toBe(true);
  });

  test("no room at all: null", () => {
    expect(placeLabels([{ x: 5, y: 5, label: "A name far wider than the plot" }], { width: 60, height: 20 })).toEqual([null]);
  });
});
