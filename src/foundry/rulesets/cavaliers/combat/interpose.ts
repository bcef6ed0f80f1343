/**
 * Interpose at the table, on the active GM. The player's choice (an attack card to step into, or an
 * opponent to hold) is a request: the GM reads the card, the combatants and where their tokens
 * stand, runs the rules' `spend-initiative` action exactly as `fray resolve` does, and only then
 * re-points the card's defender (the Move's Drop 1 on her defence when she comes from the next
 * Area, the Move itself on her round's combined actions, within Drop 4) or stores the hold on the
 * Combat, and spends the IP. Once a round, by the GM's clock.
 */
import { DiceTray, givenDice } from "../../../../core/dice/source.js";
import { RuleError } from "../../../../core/ruleError.js";
import { cavaliersRules } from "../../../../rules/cavaliers/index.js";
import type { InterposeRequest } from "../../../../rules/cavaliers/initiative.js";
import { rewriteOpenCard } from "../../../cards/index.js";
import { recordKey } from "../../../combat/fighter.js";
import { writeStates } from "../../../combat/store.js";
import { Refused } from "../../../relay/index.js";
import { rulesetOptions } from "../../../settings.js";
import { cavaliersSystem, actorType, woundTrackOfActor } from "../cards/participants.js";
import { actorHeldInArea, HOLD_KEY } from "./hold.js";
import { combinedThisRound, recordCombined } from "./combined.js";
import { checkBlock, checkMove, checkRedirect, INTERPOSE_MOVE, type Redirect } from "./interpose-check.js";
import { type CheckedSpend, checkSpend, initiativePoints, recordSpend } from "./spend.js";
import { roundOf } from "../../../combat/clock.js";

const i18n = () => game.i18n!;
const refuse = (key: string): never => {
  throw new Refused(i18n().localize(`FRAY.Combat.Refused.Interpose${key}`));
};
const refusal = <T extends object>(checked: T | { refusal: string }): T => {
  if ("refusal" in checked) throw new Refused(checked.refusal);
  return checked;
};

/** What the card keeps of the Interpose: who stepped in instead of whom, and whether with a Move. */
export interface Interposed {
  by: string;
  insteadOf: string;
  move: boolean;
}

/** The rules' word on the buy and its effect, over no dice (the same action and request shape as the command line's). */
function resolveSpend(bought: CheckedSpend, actor: Actor.Implementation, interpose: InterposeRequest, earlier: readonly string[] = []): void {
  const system = cavaliersSystem(actor);
  const request = {
    name: actor.name,
    type: actorType(actor),
    wounds: system.wounds.value,
    woundTrack: woundTrackOfActor(actor),
    specialty: bought.state.specialty,
    initiativePoints: initiativePoints(bought.combatant),
    usedThisRound: bought.used,
    spend: "interpose",
    interpose,
    ...(earlier.length ? { combinedThisRound: [...earlier] } : {}),
    options: rulesetOptions("cavaliers"),
  };
  try {
    cavaliersRules.actions["spend-initiative"]!.resolve(request, new DiceTray(givenDice([])));
  } catch (error) {
    if (error instanceof RuleError) throw new Refused(error.message);
    throw error;
  }
}

/** The choice sent: an attack card to take, or a combatant to hold; anything else is refused. */
function readChoice(choice: Record<string, unknown>): { mode: "redirect"; message: string; moved: boolean } | { mode: "block"; combatant: string } {
  if (choice.mode === "redirect" && typeof choice.message === "string") return { mode: "redirect", message: choice.message, moved: choice.moved === true };
  if (choice.mode === "block" && typeof choice.combatant === "string") return { mode: "block", combatant: choice.combatant };
  return refuse("Choice");
}

async function redirect(combat: Combat.Implementation, bought: CheckedSpend, actor: Actor.Implementation, messageId: string, moved: boolean): Promise<void> {
  const combatant = bought.combatant;
  const found: Redirect = refusal(checkRedirect(combatant, game.messages?.get(messageId)));
  // Where the tokens stand decides; only a fight with no Areas drawn takes her word for the Move.
  const areas = found.areas ?? (moved ? 1 : 0);
  if (areas > 0 && actorHeldInArea(actor)) refuse("Held");
  // Her Move is a combined action of her round: with what she took before, it must stay within Drop 4 and two Areas.
  const earlier = combinedThisRound(combat, combatant);
  if (areas > 0) refusal(checkMove(earlier));
  resolveSpend(bought, actor, { mode: "redirect", attacker: found.attacker.name, target: found.target.name, areas }, earlier);
  const token = combatant.token;
  const interposed: Interposed = { by: actor.name, insteadOf: found.target.name, move: areas > 0 };
  await rewriteOpenCard(messageId, (card) => {
    // The card as stored now must still be the one checked (the GM serves one step at a time).
    if (card.refs.defender?.actor !== found.card.refs.defender?.actor || card.state !== "open" || card.request.defence !== undefined) {
      throw new Refused(i18n().format("FRAY.Combat.Refused.InterposeClosed", { attacker: found.attacker.name, target: found.target.name }));
    }
    return { refs: { ...card.refs, defender: token ? { actor: actor.uuid, token: token.uuid } : { actor: actor.uuid } }, request: { ...card.request, interposed } };
  });
  const moveNote = areas > 0 ? ` ${i18n().localize("FRAY.Combat.Interpose.WithMove")}` : "";
  const effect = i18n().format("FRAY.Combat.Interpose.Redirected", { attacker: esc(found.attacker.name), target: esc(found.target.name) }) + moveNote;
  await recordSpend(combat, bought, areas > 0 ? () => recordCombined(combat, combatant, INTERPOSE_MOVE) : undefined, effect);
}

async function block(combat: Combat.Implementation, bought: CheckedSpend, actor: Actor.Implementation, opponentId: string): Promise<void> {
  const { opponent } = refusal(checkBlock(combat, bought.combatant, combat.combatants.get(opponentId)));
  resolveSpend(bought, actor, { mode: "block", opponent: opponent.name ?? opponent.actor?.name ?? "", areas: 0 });
  const hold = { round: roundOf(combat), by: recordKey(bought.combatant) };
  const effect = i18n().format("FRAY.Combat.Interpose.Held", { opponent: esc(opponent.name ?? "") });
  await recordSpend(combat, bought, () => writeStates(combat, HOLD_KEY, { [opponent.id!]: hold }), effect);
}

const esc = (text: string) => Handlebars.escapeExpression(text);

/** The tracker's Interpose on the active GM: checks the buy, then the choice, then carries it out. */
export async function interpose(combat: Combat.Implementation, combatant: Combatant.Implementation, choice: Record<string, unknown>): Promise<void> {
  const bought = checkSpend(combat, combatant, "interpose");
  const actor = combatant.actor ?? refuse("NoActor");
  const chosen = readChoice(choice);
  if (chosen.mode === "redirect") return redirect(combat, bought, actor, chosen.message, chosen.moved);
  return block(combat, bought, actor, chosen.combatant);
}
