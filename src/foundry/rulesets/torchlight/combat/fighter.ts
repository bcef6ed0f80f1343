/**
 * A Beyond the Torchlight combatant as a stat block of `fray fight` for the tracker's odds: Breath
 * and the DCs as they stand, the lane and stance of her place on the Combat Grid (the sheet's stance
 * when she has none), her proficiencies and her weapon of the largest die.
 */
import type { Static } from "@sinclair/typebox";
import { FighterSchema } from "../../../../rules/torchlight/duel.js";
import { recordKey } from "../../../combat/fighter.js";
import { OUT_OF_FIGHT } from "../../../combat/rules.js";
import { withinSchema } from "../../../data/bounds.js";
import { isDead, isIncapacitated, rulesCombatant, torchlightSystem, weaponsOf } from "../actor-data.js";
import { stateOf } from "./state.js";

export function torchlightFighter(combat: Combat.Implementation, combatant: Combatant.Implementation, name: string): Static<typeof FighterSchema> | typeof OUT_OF_FIGHT {
  const actor = combatant.actor!;
  if (isDead(actor) || isIncapacitated(actor)) return OUT_OF_FIGHT;
  const { incapacitated: _out, ...vitals } = rulesCombatant(actor, name);
  const weapon = weaponsOf(actor).reduce((best, next) => (next.die > best.die ? next : best));
  const cell = stateOf(combat).grid[recordKey(combatant)];
  return withinSchema(FighterSchema, {
    ...vitals,
    ...(cell ? { lane: cell.lane, stance: cell.stance } : {}),
    weaponDie: weapon.die,
    proficiencies: torchlightSystem(actor).proficiencies,
    damageType: weapon.damageType,
  });
}
