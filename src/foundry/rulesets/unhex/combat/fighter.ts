/**
 * An Unhex combatant as a stat block of `fray fight` for the tracker's odds: her Level as it stands
 * (what her wounds left), whether she is a player character, her shield, and, when she is good at
 * melee attacks, the reroll of both dice after a failure.
 */
import { FighterSchema, type FighterRequest } from "../../../../rules/unhex/schemas.js";
import { OUT_OF_FIGHT } from "../../../combat/rules.js";
import { withinSchema } from "../../../data/bounds.js";
import { goodAt, holdsShield, isPc, unhexData } from "../actors.js";

export function unhexFighter(_combat: Combat.Implementation, combatant: Combatant.Implementation, name: string): FighterRequest | typeof OUT_OF_FIGHT {
  const actor = combatant.actor!;
  const level = unhexData(actor).level;
  if (level.value <= 0) return OUT_OF_FIGHT;
  return withinSchema(FighterSchema, {
    name,
    level: level.value,
    maxLevel: Math.max(level.value, level.max),
    pc: isPc(actor),
    ...(goodAt(actor, "meleeAttack") ? { good: "both" as const } : {}),
    shield: holdsShield(actor),
  });
}
