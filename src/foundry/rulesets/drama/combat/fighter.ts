/**
 * A Drama combatant as a stat block of `fray fight` for the tracker's odds: the same stat block her
 * cards read (Grit, Flesh, wounds, penalty dice, Drama Points, rounds out, a knock-back's
 * disadvantage in this round), fighting with her first melee weapon.
 */
import type { Combatant as DramaCombatant } from "../../../../rules/drama/combatant.js";
import { roundOf } from "../../../combat/clock.js";
import { OUT_OF_FIGHT } from "../../../combat/rules.js";
import { combatantOf, defaultWeapon } from "../gear.js";

export function dramaFighter(combat: Combat.Implementation, combatant: Combatant.Implementation, name: string): DramaCombatant | typeof OUT_OF_FIGHT {
  const actor = combatant.actor!;
  const block = combatantOf(actor, { name, weapon: defaultWeapon(actor, false), round: roundOf(combat) });
  return block.flesh <= 0 ? OUT_OF_FIGHT : block;
}
