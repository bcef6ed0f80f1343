/**
 * Moving in an Unhex fight: a token moved from one Area into another must be able to walk there
 * in one move (the next Area, along a line that lets her: no sight-only line, no closed door, not
 * against an arrow) with an action left and legs that carry her; otherwise the move is refused with
 * the rules' reason, unless the GM overrides (Alt while dropping). The active GM's client opens the
 * move card for every move that stands, which spends the action and lets the enemies who see it
 * Intercept; a move it cannot charge goes back where it set out. Outside a fight, tokens move freely.
 */
import { DiceTray, givenDice } from "../../../core/dice/source.js";
import { RuleError } from "../../../core/ruleError.js";
import { moveAction } from "../../../rules/unhex/actions/move.js";
import { addMoveGuard, onAreaMove, usableMap, type AreaMove } from "../../areas/index.js";
import { openCard } from "../../cards/index.js";
import { activeRulesetId, rulesetOptions } from "../../settings.js";
import { fighterOf } from "./actors.js";
import { unhexMoveOpen } from "./cards/index.js";
import { notTeamTurn, outOfTurn } from "./cards/facts.js";
import { budgetOf, fightOf } from "./combat/state.js";
import { unhexActor } from "./models.js";

/** The rules' refusal of a move by this token now, or null. */
export function moveRefusal(token: TokenDocument.Implementation, from: string, to: string): string | null {
  const actor = token.actor;
  if (activeRulesetId() !== "unhex" || !unhexActor(actor)) return null;
  const fight = fightOf(actor, token);
  const scene = token.parent;
  const usable = scene ? usableMap(scene) : null;
  if (!fight || !usable) return null;
  // A move is an act: in another team's turn she may only react (Rounds).
  const out = outOfTurn(fight.combat, fight.combatant);
  if (out) return notTeamTurn(token.name ?? actor.name, out);
  try {
    moveAction.resolve({ map: usable.map, mover: { ...fighterOf(actor, false, budgetOf(fight.combat, fight.combatant)), area: from }, to, options: rulesetOptions("unhex") }, new DiceTray(givenDice([])));
    return null;
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    const name = (id: string) => usable.areas.find((area) => area.id === id)?.name ?? id;
    return game.i18n!.format("FRAY.Unhex.Refused.Move", { token: token.name ?? actor.name, from: name(from), to: name(to), reason: error.message });
  }
}

/** On the active GM's client, a move that stands in a fight: its card spends the action (its refusal, if any, puts the token back). */
async function chargeMove(token: TokenDocument.Implementation, from: string, _to: string, move: AreaMove): Promise<string | null> {
  const actor = token.actor;
  if (activeRulesetId() !== "unhex" || !unhexActor(actor) || !fightOf(actor, token)) return null;
  // A map with problems answers nothing (the GM was told what to fix): its moves are neither charged nor sent back.
  if (!token.parent || !usableMap(token.parent)) return null;
  const answer = await openCard(unhexMoveOpen(actor.uuid, token.uuid, from, move.origin));
  return answer.ok ? null : answer.reason;
}

export function registerUnhexMovement(): void {
  addMoveGuard(moveRefusal);
  onAreaMove(chargeMove);
}
