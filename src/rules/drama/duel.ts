import type { Static } from "@sinclair/typebox";
import type { DiceTray } from "../../core/dice/source.js";
import type { DuelResult } from "../ruleset.js";
import { firstRoundMomentum } from "./actions.js";
import type { Combatant } from "./combatant.js";
import type { Side } from "./judge.js";
import type { DramaOptions } from "./options.js";
import { isOut, resolveMeleeRound } from "./round.js";
import type { CombatantSchema } from "./schemas.js";

/** Melee rounds (Stand unless the stat block says otherwise) until one side is knocked or passed out. */
export function fightDuel(a0: Static<typeof CombatantSchema>, b0: Static<typeof CombatantSchema>, tray: DiceTray, roundLimit: number, options: DramaOptions): DuelResult {
  let a: Combatant = { stance: "stand", ...(a0 as Combatant) };
  let b: Combatant = { stance: "stand", ...(b0 as Combatant) };
  let momentum: Side = firstRoundMomentum(a, b).holder;
  for (let round = 1; round <= roundLimit; round += 1) {
    const result = resolveMeleeRound({ a, b, momentum, options }, tray);
    a = result.sides.a.after;
    b = result.sides.b.after;
    momentum = result.momentum;
    const aOut = isOut(result.sides.a);
    const bOut = isOut(result.sides.b);
    if (aOut || bOut) return { winner: aOut && bOut ? "none" : aOut ? "b" : "a", rounds: round };
  }
  return { winner: "none", rounds: roundLimit };
}
