/**
 * A Cavaliers combatant as a stat block of `fray fight` (the duel's fighter), for the tracker's odds:
 * her type and competency die, the room left under her Yield Limit, her Wounds, and the pools of her
 * Initiative, Lunge and Parry as her cards would build them (specialty, competence, the best melee
 * weapon's die).
 */
import { DuelFighter } from "../../../../rules/cavaliers/duel.js";
import type { Participant } from "../../../../rules/cavaliers/schemas.js";
import type { Static } from "@sinclair/typebox";
import { withinSchema } from "../../../data/bounds.js";
import { actorType, cavaliersSystem, defenceItemDie, participantOf, specialtyOf, yieldLimitOf } from "../cards/participants.js";

type Pool = NonNullable<Static<typeof DuelFighter>["initiative"]>;

const poolOf = (participant: Static<typeof Participant>): Pool => ({
  attribute: participant.attribute,
  ...(participant.competent === false ? { competent: false } : {}),
  ranks: participant.ranks ?? 0,
  ...(participant.item ? { item: participant.item } : {}),
});

export function cavaliersFighter(_combat: Combat.Implementation, combatant: Combatant.Implementation, name: string): Static<typeof DuelFighter> {
  const actor = combatant.actor!;
  const system = cavaliersSystem(actor);
  const weapon = defenceItemDie(actor, "parry");
  const roll = (skill: string, itemDie: number) => poolOf(participantOf(actor, { skill, specialty: specialtyOf(actor, skill), itemDie }));
  return withinSchema(DuelFighter, {
    name,
    type: actorType(actor),
    competency: system.competency as Static<typeof DuelFighter>["competency"],
    // The fight starts everyone at no Yield: the Yield she has taken already comes off her limit instead, the same room left.
    yieldLimit: Math.max(0, yieldLimitOf(actor) - system.yield.value),
    wounds: system.wounds.value,
    initiative: roll("impulse", 0),
    lunge: roll("lunge", weapon),
    parry: roll("parry", weapon),
  });
}
