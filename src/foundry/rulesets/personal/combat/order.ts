/**
 * Moving in the order once it stands: a Delay at the start of her turn (to just after someone who
 * has not acted this round, kept for the rounds after), and players putting one tied PC before
 * another. Both are served on the active GM, which checks again that the move is allowed now.
 */
import { delay } from "../../../../rules/personal/actions.js";
import { postServedCard } from "../../../cards/index.js";
import { actingCombatant, hasBegun } from "../../../combat/clock.js";
import { keepingCurrentTurn } from "../../../combat/combat.js";
import { stateChanges, writeStates } from "../../../combat/store.js";
import { Refused } from "../../../relay/index.js";
import { DiceTray, givenDice } from "../../../../core/dice/source.js";
import { namesOf } from "./names.js";
import { hasActed, type PersonalCombatantState, STATE_KEY, stateOf } from "./state.js";
import { writeCombat } from "../../../combat/write.js";

const refuse = (key: string, data: Record<string, string> = {}): never => {
  throw new Refused(game.i18n!.format(`FRAY.Personal.Refused.${key}`, data));
};

/** The scored combatants in this round's order. */
function scoredTurns(combat: Combat.Implementation): Combatant.Implementation[] {
  return combat.turns.filter((c) => stateOf(c) !== undefined);
}

/** Who she may wait for: everyone after her this round who has a place (none unless it is her turn by the GM's clock). */
export function delayTargets(combat: Combat.Implementation, mover: Combatant.Implementation): Combatant.Implementation[] {
  if (!hasBegun(combat) || actingCombatant(combat)?.id !== mover.id) return [];
  const turns = scoredTurns(combat);
  return turns.slice(turns.findIndex((c) => c.id === mover.id) + 1);
}

/** The rules' delay request for this move, naming combatants by id. */
export function delayRequest(combat: Combat.Implementation, mover: Combatant.Implementation, after: string): Record<string, unknown> {
  const turns = scoredTurns(combat);
  return { order: turns.map((c) => c.id!), acted: turns.filter((c) => hasActed(combat, c)).map((c) => c.id!), mover: mover.id!, after };
}

/**
 * On the active GM: the mover goes to just after `after`. The rules check it (her own turn, someone
 * yet to act); the places are numbered again in the new order, and the turn passes to whoever now
 * stands where she stood, with Foundry's turn events.
 */
export async function delayTurn(combat: Combat.Implementation, mover: Combatant.Implementation, choice: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  if (!hasBegun(combat) || actingCombatant(combat)?.id !== mover.id) refuse("NotYourTurn", { name: mover.name ?? "" });
  const after = typeof choice.after === "string" ? choice.after : "";
  const request = delayRequest(combat, mover, after);
  const order = (delay.resolve(request, new DiceTray(givenDice([]))).result as { order: string[] }).order;
  const states: Record<string, PersonalCombatantState> = {};
  order.forEach((id, index) => {
    const state = stateOf(combat.combatants.get(id)!)!;
    states[id] = { ...state, place: index + 1, delayed: state.delayed || id === mover.id };
  });
  // Not turnEvents: false — her turn passes to the one now in her place, as if it had ended.
  await writeCombat(combat, stateChanges(combat, STATE_KEY, states));
  await postServedCard("personal.delay", {}, { rules: request, names: namesOf(combat.combatants) }, [], asker, mover.actor);
}

/** The PC just before her in the order when they tied and neither has acted: the one she may go before. */
export function tiedPcBefore(combat: Combat.Implementation, combatant: Combatant.Implementation): Combatant.Implementation | undefined {
  const state = stateOf(combatant);
  if (!state?.pc) return undefined;
  const turns = scoredTurns(combat);
  const previous = turns[turns.findIndex((c) => c.id === combatant.id) - 1];
  const other = previous ? stateOf(previous) : undefined;
  if (!previous || !other?.pc || other.score !== state.score || hasActed(combat, previous) || hasActed(combat, combatant)) return undefined;
  return previous;
}

/** On the active GM: the players' pick between two tied PCs, as places swapped. */
export async function goBefore(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void> {
  const other = tiedPcBefore(combat, combatant) ?? refuse("NotTied", { name: combatant.name ?? "" });
  const mine = stateOf(combatant)!;
  const theirs = stateOf(other)!;
  const swapped = { [combatant.id!]: { ...mine, place: theirs.place }, [other.id!]: { ...theirs, place: mine.place } };
  // Going before the one whose turn it is (she has not acted): he stands in her place, so the turn is
  // his, as with a Delay; kept on her, he would have been passed over this round.
  if (actingCombatant(combat)?.id === other.id) await writeCombat(combat, stateChanges(combat, STATE_KEY, swapped));
  else await keepingCurrentTurn(combat, () => writeStates(combat, STATE_KEY, swapped));
}
