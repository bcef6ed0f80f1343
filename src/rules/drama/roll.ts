import { type PoolReading, readSuccessPool, rollSuccessPool } from "../../core/dice/successPool.js";
import type { DiceTray } from "../../core/dice/source.js";
import { isBleeding } from "../../core/tracks/gritFlesh.js";
import { type Combatant, tracksOf } from "./combatant.js";
import { type ShieldPatterns, shieldPatterns } from "./patterns.js";
import type { MeleePools } from "./pools.js";
import { SHIELD_TRIPLE_DICE } from "./tables.js";

/** One side's pools as built, what it rolled and how it reads. */
export interface SideRoll {
  pools: MeleePools;
  reading: PoolReading;
  patterns: ShieldPatterns;
  /** Armour dice should this side be struck: the pool plus 3Ad per shield triple. */
  armourDice: number;
}

/** Rolls one side's Bd, Rd and Dd (labelled with its name, and `against` for one share of a split pool). */
export function rollSide(combatant: Combatant, pools: MeleePools, tray: DiceTray, against = ""): SideRoll {
  const who = combatant.name;
  const faces = rollSuccessPool(tray, { base: pools.base.total, resistance: pools.resistance.total, drama: pools.drama.total }, { base: `${who} base${against}`, resistance: `${who} resistance${against}`, drama: `${who} drama${against}` });
  const reading = readSuccessPool(faces);
  const hasShield = (combatant.shield ?? "none") !== "none";
  const patterns = hasShield ? shieldPatterns(faces.base) : { triples: 0, quad: false };
  return { pools, reading, patterns, armourDice: pools.armour.total + patterns.triples * SHIELD_TRIPLE_DICE };
}

/** Statuses that follow from the tracks as they now stand. */
export function trackStatuses(combatant: Combatant): string[] {
  const tracks = tracksOf(combatant);
  const statuses: string[] = [];
  if (tracks.grit <= 0) statuses.push("blown");
  if (tracks.flesh <= 0) statuses.push("knocked-out", "prone");
  if (tracks.flesh < 0) statuses.push("dying");
  if (isBleeding(tracks)) statuses.push("bleeding");
  return statuses;
}
