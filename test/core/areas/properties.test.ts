import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AreaMap, type ConnectionKind, coverAgainst, lineOfSight, rangeBetween } from "../../../src/core/areas/index.js";

/** A random connected map: a spanning tree over n areas plus extra edges, with random cover marks. */
function connectedMap(kinds: readonly ConnectionKind[]) {
  return fc
    .integer({ min: 1, max: 8 })
    .chain((n) =>
      fc.record({
        n: fc.constant(n),
        parents: fc.array(fc.nat(), { minLength: n - 1, maxLength: n - 1 }),
        extras: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 8 }),
        marks: fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.constantFrom(1, 2)), { minLength: 30, maxLength: 30 }),
        kindPicks: fc.array(fc.nat(kinds.length - 1), { minLength: 30, maxLength: 30 }),
      }),
    )
    .map(({ n, parents, extras, marks, kindPicks }): AreaMap => {
      const ids = Array.from({ length: n }, (_, i) => `a${i}`);
      const pairs = new Set<string>();
      const edges: Array<[number, number]> = [];
      const add = (x: number, y: number) => {
        const key = [Math.min(x, y), Math.max(x, y)].join("-");
        if (x !== y && !pairs.has(key)) {
          pairs.add(key);
          edges.push([x, y]);
        }
      };
      parents.forEach((p, i) => add(i + 1, p % (i + 1)));
      extras.forEach(([x, y]) => add(x, y));
      return {
        areas: ids.map((id) => ({ id })),
        connections: edges.map(([x, y], i) => {
          const [markFrom, markTo, value] = marks[i % marks.length] ?? [false, false, 1];
          const cover: Record<string, number> = {};
          if (markFrom) cover[`a${x}`] = value;
          if (markTo) cover[`a${y}`] = value;
          return { from: `a${x}`, to: `a${y}`, kind: kinds[kindPicks[i % kindPicks.length] ?? 0] ?? "two-way", cover };
        }),
      };
    });
}

const areaPair = (map: AreaMap) => fc.tuple(fc.constantFrom(...map.areas.map((a) => a.id)), fc.constantFrom(...map.areas.map((a) => a.id)));

describe("area graph invariants", () => {
  it("range is a metric on two-way maps: zero iff same area, symmetric, triangle inequality", () => {
    fc.assert(
      fc.property(
        connectedMap(["two-way"]).chain((map) => fc.tuple(fc.constant(map), areaPair(map), fc.constantFrom(...map.areas.map((a) => a.id)))),
        ([map, [x, y], z]) => {
          const xy = rangeBetween(map, x, y);
          expect(xy).not.toBeNull();
          expect(xy === 0).toBe(x === y);
          expect(rangeBetween(map, y, x)).toBe(xy);
          expect(xy as number).toBeLessThanOrEqual((rangeBetween(map, x, z) as number) + (rangeBetween(map, z, y) as number));
        },
      ),
    );
  });

  it("cover never applies within the same area and line of sight always holds there, whatever the connections", () => {
    fc.assert(
      fc.property(
        connectedMap(["two-way", "sight", "one-way", "door", "sight-blocked"]).chain((map) => fc.tuple(fc.constant(map), fc.constantFrom(...map.areas.map((a) => a.id)))),
        ([map, area]) => {
          expect(coverAgainst(map, area, area)).toEqual({ cover: false, value: 0 });
          expect(lineOfSight(map, area, area)).toBe(true);
        },
      ),
    );
  });

  it("adjacent areas always see each other along a sight-carrying line (at most one mark counts)", () => {
    fc.assert(
      fc.property(connectedMap(["two-way", "sight", "one-way"]), (map) => {
        for (const c of map.connections) expect(lineOfSight(map, c.from, c.to)).toBe(true);
      }),
    );
  });
});
