import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import type { DiceTray } from "../../core/dice/source.js";
import { rollSaveOrWait } from "../../core/initiative/saveOrWait.js";
import { defineDuel, type DuelResult } from "../ruleset.js";
import { attackBonuses, attackEdges, planFor, rollDamage } from "./attack.js";
import { resolveEndOfRound, type RoundCombatant, type RoundHit } from "./endOfRound.js";
import { CombatantSchema, toVitals, WeaponDie } from "./schemas.js";

export const FighterSchema = Type.Composite([
  Type.Omit(CombatantSchema, ["evading", "incapacitated"]),
  Type.Object({ weaponDie: WeaponDie, proficiencies: Type.Optional(Type.Integer()), damageType: Type.Optional(Type.String()) }),
]);
export type Fighter = Static<typeof FighterSchema>;

const out = (c: RoundCombatant) => c.vitals.incapacitated || c.vitals.dead;

/**
 * Two stat blocks in one lane trading melee blows. Round 1 only those who made their Dex save act;
 * every hit lands at the end of the round, then saves; the bout ends when either side goes down.
 */
export function fightDuel(a: Fighter, b: Fighter, tray: DiceTray, roundLimit: number): DuelResult {
  const fighters = [a, b] as const;
  let combatants: RoundCombatant[] = fighters.map((f) => ({ name: f.name, vitals: toVitals(f), stance: f.stance ?? "steadied" }));
  const initiative = rollSaveOrWait(tray, fighters.map((f) => ({ name: f.name, st: 20 - f.dex })));
  const actsFrom = fighters.map((f) => initiative.find((r) => r.name === f.name)?.actsFrom ?? 1);
  for (let round = 1; round <= roundLimit; round += 1) {
    const hits: RoundHit[] = [];
    fighters.forEach((fighter, index) => {
      const self = combatants[index];
      const foe = combatants[1 - index];
      if (!self || !foe || round < (actsFrom[index] ?? 1)) return;
      const edges = attackEdges({}, foe.vitals.incapacitated, false);
      const roll = rollDamage(tray, {
        label: fighter.name,
        plan: planFor(fighter.weaponDie, edges, { enhancedAddsD4: false }),
        proficiencies: fighter.proficiencies ?? 0,
        bonus: attackBonuses(self.stance, false).stance,
        precisionChoice: "extra-die",
        feint: false,
      });
      hits.push({ target: foe.name, amount: roll.total, damageType: fighter.damageType ?? "physical", precisionStrike: roll.die.precisionStrike });
    });
    combatants = resolveEndOfRound(tray, combatants, hits, "down").combatants;
    const [first, second] = combatants;
    if (!first || !second) break;
    if (out(first) || out(second)) return { winner: out(first) && out(second) ? "none" : out(first) ? "b" : "a", rounds: round };
  }
  return { winner: "none", rounds: roundLimit };
}

export const torchlightDuel = defineDuel({ fighter: FighterSchema, fight: fightDuel });
