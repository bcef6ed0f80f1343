import type { DiceTray } from "../../core/dice/source.js";
import type { DuelResult } from "../ruleset.js";
import { type ActionBudget, FRESH_BUDGET, gainAction, loseAction, spendAction, startRound } from "./budget.js";
import { isOut, type UnhexCharacter } from "./character.js";
import { landHit } from "./hit.js";
import { rollTeamInitiative } from "./initiative.js";
import type { UnhexOptions } from "./options.js";
import { whoPicks } from "./pick.js";
import { type RollPolicy, rollWithPolicy } from "./roll.js";
import type { FighterRequest } from "./schemas.js";

type Side = "a" | "b";

interface Fighter {
  block: FighterRequest;
  state: UnhexCharacter;
  budget: ActionBudget;
}

function afterRoll(budget: ActionBudget, extraAction: boolean, losesNextAction: boolean): ActionBudget {
  const gained = extraAction ? gainAction(budget) : budget;
  return losesNextAction ? loseAction(gained) : gained;
}

/** A simulated fighter good at her rolls rerolls the dice she names after a failure, and takes a critical's extra action. */
function policyOf(block: FighterRequest): RollPolicy {
  return block.good ? { rerollAfterFailure: block.good } : {};
}

/**
 * Two fighters in one area trade melee attacks: each round a team initiative (the winner goes first),
 * then each spends its actions attacking (criticals take the extra action; critical failures cost the
 * next one), the attacker splitting the dice for the most damage, until one is unconscious or dead.
 */
export function fightDuel(a: FighterRequest, b: FighterRequest, tray: DiceTray, roundLimit: number, options: UnhexOptions): DuelResult {
  const make = (block: FighterRequest): Fighter => {
    // Stryker disable next-line LogicalOperator: the max level only caps a critical's set dice, and the duel always takes the extra action
    const maxLevel = block.maxLevel ?? block.level;
    return { block, state: { name: block.name, level: block.level, maxLevel, pc: block.pc ?? false, wounds: {} }, budget: FRESH_BUDGET };
  };
  const fighters: Record<Side, Fighter> = { a: make(a), b: make(b) };
  let holder: string | undefined;
  for (let round = 1; round <= roundLimit; round += 1) {
    for (const side of ["a", "b"] as const) fighters[side].budget = startRound(fighters[side].budget);
    const initiative = rollTeamInitiative(
      tray,
      (["a", "b"] as const).map((side) => {
        const { state, block } = fighters[side];
        return { name: side, pc: state.pc, members: [{ name: state.name, level: state.level, maxLevel: state.maxLevel, ...(block.good ? { good: true } : {}) }] };
      }),
      holder,
      undefined,
      { a: policyOf(fighters.a.block), b: policyOf(fighters.b.block) },
    );
    holder = initiative.winner;
    initiative.rolls.forEach(({ team, roll }) => {
      const fighter = fighters[team as Side];
      fighter.budget = afterRoll(fighter.budget, roll.extraAction, roll.losesNextAction);
    });
    for (const side of initiative.order as Side[]) {
      const me = fighters[side];
      const foe = fighters[side === "a" ? "b" : "a"];
      while (me.budget.available > 0 && !isOut(me.state, options) && !isOut(foe.state, options)) {
        me.budget = spendAction(me.budget);
        const roller = { name: me.state.name, level: me.state.level, maxLevel: me.state.maxLevel, pc: me.state.pc, ...(me.block.good ? { good: true } : {}) };
        const attack = rollWithPolicy(tray, roller, "attack", policyOf(me.block));
        me.budget = afterRoll(me.budget, attack.extraAction, attack.losesNextAction);
        if (attack.check.success) foe.state = landHit(attack.check, foe.state, whoPicks(false, foe.block.shield === true), undefined, options).character;
      }
      if (isOut(fighters.a.state, options)) return { winner: "b", rounds: round };
      if (isOut(fighters.b.state, options)) return { winner: "a", rounds: round };
    }
  }
  return { winner: "none", rounds: roundLimit };
}
