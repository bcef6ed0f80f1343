/**
 * A Personal Combat combatant as a stat block of `fray fight` for the tracker's odds: her Defense,
 * Armor Ratings and vitals (Resolve, Wounded, Fates) as her attack cards read them, her Initiative
 * rank, and her first weapon. One without a weapon cannot fight such a fight (null: left out).
 */
import type { Static } from "@sinclair/typebox";
import { Fighter } from "../../../../rules/personal/schemas.js";
import { OUT_OF_FIGHT } from "../../../combat/rules.js";
import { withinSchema } from "../../../data/bounds.js";
import { PersonalNpcModel } from "../models.js";
import { personalSystem, targetOf, weaponsOf } from "../data.js";

export function personalFighter(_combat: Combat.Implementation, combatant: Combatant.Implementation, name: string): Static<typeof Fighter> | typeof OUT_OF_FIGHT | null {
  const actor = combatant.actor!;
  const system = personalSystem(actor);
  const target = targetOf(actor);
  if (target.defeated === true) return OUT_OF_FIGHT;
  const weapon = weaponsOf(actor)[0];
  if (!weapon) return null;
  return withinSchema(Fighter, {
    ...target,
    name,
    initiative: system.initiativeRank,
    ...(system instanceof PersonalNpcModel && system.major ? { major: true } : {}),
    weapon: { name: weapon.name, attack: weapon.attack, damage: weapon.damage, damageType: weapon.damageType.trim() || "—", piercing: weapon.piercing },
  } as Static<typeof Fighter>);
}
