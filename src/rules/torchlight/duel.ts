import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import type { DiceTray } from "../../core/dice/source.js";
import { rollSaveOrWait } from "../../core/initiative/saveOrWait.js";
import { defineDuel, type DuelResult } from "../ruleset.js";
import { planFor, rollDamage } from "./attack.js";
import { resolveEndOfRound, type RoundCombatant, type RoundHit } from "./endOfRound.js";
import { readOptions } from "./options.js";
import { CombatantSchema, toVitals, WeaponDie } from "./schemas.js";
import { STANCE_RULES } from "./tables.js";

export const FighterSchema = Type.Composite([
  Type.Omit(CombatantSchema, ["evading", "incapacitated"]),
  Type.Object({ weaponDie: WeaponDie, proficiencies: Type.Optional(Type.Integer()), damageType: Type.Optional(Type.String()) }),
], { additionalProperties: false });
export type Fighter = Static<typeof FighterSchema>;

const out = (c: RoundCombatant) => c.vitals.incapacitated || c.vitals.dead;

/**
 * Two stat blocks in one lane trading melee blows. Round 1 only those who made their Dex save act;
 * every hit lands at the end of the round, then saves; the bout ends when either side goes down.
 * Inside the bout the two go by "a" and "b", since two stat blocks may share a name (a goblin
 * against a goblin).
 */
export function fightDuel(a: Fighter, b: Fighter, tray: DiceTray, roundLimit: number): DuelResult {
  const options = readOptions(undefined);
  const fighters = [
    { id: "a", block: a },
    { id: "b", block: b },
  ] as const;
  let combatants: RoundCombatant[] = fighters.map(({ id, block }) => ({ name: id, vitals: toVitals(block), stance: block.stance ?? "steadied" }));
  const initiative = rollSaveOrWait(tray, fighters.map(({ id, block }) => ({ name: id, st: 20 - block.dex })));
  const actsFrom = new Map(initiative.map((r) => [r.name, r.actsFrom]));
  for (let round = 1; round <= roundLimit; round += 1) {
    const hits: RoundHit[] = [];
    fighters.forEach(({ id, block }, index) => {
      if (round < actsFrom.get(id)!) return;
      const self = combatants[index]!;
      const foe = combatants[1 - index]!;
      // A downed fighter ends the bout, so no blow meets one: no edge Enhances or Impairs it.
      const roll = rollDamage(tray, {
        label: block.name,
        plan: planFor(block.weaponDie, { enhanced: [], impaired: [] }, options),
        proficiencies: block.proficiencies ?? 0,
        bonus: STANCE_RULES[self.stance].attackBonus,
        precisionChoice: "extra-die",
        feint: false,
      });
      hits.push({ target: foe.name, amount: roll.total, damageType: block.damageType ?? "physical", precisionStrike: roll.die.precisionStrike });
    });
    combatants = resolveEndOfRound(tray, combatants, hits, options.protectRounding).combatants;
    const first = combatants[0]!;
    const second = combatants[1]!;
    if (out(first) || out(second)) return { winner: out(first) && out(second) ? "none" : out(first) ? "b" : "a", rounds: round };
  }
  return { winner: "none", rounds: roundLimit };
}

export const torchlightDuel = defineDuel({ fighter: FighterSchema, fight: fightDuel });
