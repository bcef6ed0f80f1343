import { RANGE_BANDS, type RangeBand, type RangeDrops } from "./tables.js";
import { refuse } from "./refusal.js";

/** The band of a range number (areas away): Close 0, Short 1–2, Medium 3–4, Long 5+. */
export function rangeBand(range: number): RangeBand {
  if (!Number.isInteger(range) || range < 0) refuse(`range must be a whole number of areas, at least 0; got ${range}`);
  // Stryker disable next-line StringLiteral: RANGE_BANDS starts at 0 with close, so every range overwrites this
  let band: RangeBand = "close";
  for (const entry of RANGE_BANDS) if (range >= entry.from) band = entry.band;
  return band;
}

/** Drop for firing an aimed weapon at a range, plus cover (Drop 1 or 2) into the target's area. */
export function aimDrop(range: number, drops: RangeDrops, cover: number): { band: RangeBand; rangeDrop: number; coverDrop: number } {
  const band = rangeBand(range);
  const rangeDrop = drops[band];
  if (rangeDrop === null) refuse(`the weapon cannot reach ${band} range (${range} areas)`);
  if (![0, 1, 2].includes(cover)) refuse(`cover is Drop 0, 1 or 2; got ${cover}`);
  return { band, rangeDrop, coverDrop: cover };
}
