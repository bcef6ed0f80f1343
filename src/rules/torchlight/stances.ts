import type { DiceTray } from "../../core/dice/source.js";
import { gainBreath, type Vitals } from "../../core/tracks/breath.js";
import { nearestEngagedEnemy, type Placement } from "./grid.js";

/** Rally (Steadied): each companion reached gains 1d4 Breath, never above its maximum. */
export function rallyGain(tray: DiceTray, name: string, vitals: Vitals): { vitals: Vitals; roll: number } {
  const roll = tray.roll(4, `rally: ${name}`);
  return { vitals: gainBreath(vitals, roll), roll };
}

/** Intimidation (Aggressive): the enemy whose attack this round is Impaired. */
export function intimidated(grid: readonly Placement[], intimidator: string): Placement | undefined {
  return nearestEngagedEnemy(grid, intimidator);
}
