import type { AreaMap } from "./types.js";

/**
 * The example map of seed 002 (Unhex's nightclub), rebuilt from its worked examples since the
 * picture is not available. Every example in the seed's Maps, Cover, Range and Line of Sight
 * sections holds on it (test/core/areas/nightclub.test.ts); the reasoning:
 * - entrance–dance floor joined (range 1); the catwalk two away from the entrance (dance floor, then
 *   the dashed catwalk line).
 * - catwalk–dance floor dashed (they see each other, cannot move directly); both walk to the DJ booth.
 * - dance floor–bar solid with a cover mark into the bar (bar covered from the dance floor; the
 *   dance floor is not covered from the bar, the mark into the attacker's own area never counts).
 * - catwalk–bar dashed with no mark (the catwalk looks down on the bar: no cover for the bar), so the
 *   DJ booth reaches the bar by two shortest paths, one through the dance floor's mark: cover.
 * - kitchen–bar counter with a mark into each side; the alley opens into the kitchen. The alley then
 *   sees the kitchen (adjacent) but not the bar (two marks on the only shortest path), and the pool
 *   tables see the bar (adjacent) but not the kitchen (the same two marks).
 * - the entrance and alley are the natural starting areas for the PCs (the Maps example).
 */
export const NIGHTCLUB: AreaMap = {
  name: "nightclub",
  areas: [
    { id: "entrance", name: "Entrance" },
    { id: "alley", name: "Alley" },
    { id: "bar", name: "Bar" },
    { id: "dance-floor", name: "Dance floor" },
    { id: "catwalk", name: "Catwalk" },
    { id: "dj-booth", name: "DJ booth" },
    { id: "kitchen", name: "Kitchen" },
    { id: "pool-tables", name: "Pool tables" },
  ],
  connections: [
    { from: "entrance", to: "alley", kind: "two-way" },
    { from: "entrance", to: "dance-floor", kind: "two-way" },
    { from: "alley", to: "kitchen", kind: "two-way" },
    { from: "kitchen", to: "bar", kind: "two-way", cover: { kitchen: 1, bar: 1 } },
    { from: "dance-floor", to: "bar", kind: "two-way", cover: { bar: 1 } },
    { from: "bar", to: "pool-tables", kind: "two-way" },
    { from: "dance-floor", to: "pool-tables", kind: "two-way" },
    { from: "dance-floor", to: "dj-booth", kind: "two-way" },
    { from: "dj-booth", to: "catwalk", kind: "two-way" },
    { from: "catwalk", to: "dance-floor", kind: "sight" },
    { from: "catwalk", to: "bar", kind: "sight" },
  ],
};

/** The PCs' starting areas the seed's Maps example suggests. */
export const NIGHTCLUB_PC_START = ["entrance", "alley"] as const;
