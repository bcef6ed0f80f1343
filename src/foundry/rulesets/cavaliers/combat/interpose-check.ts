/**
 * What an Interpose may reach, read the same way on the player's client (her dialog shows each
 * refusal) and on the active GM (who decides): an open attack card whose target she may step in
 * for, or an opponent she may hold. Areas come from where the tokens stand on the canvas; a fight
 * told with no Areas drawn leaves the distance to the player's word, as the attack dialog does.
 */
import { placeTokens, standingToken, areaContext } from "../../../areas/service.js";
import { actorAt, tokenAt } from "../../../cards/documents.js";
import { type CardData, cardOf } from "../../../cards/model.js";
import { sideOf } from "../../../combat/roster.js";
import { areasMoved, combinedActionDrop } from "../../../../rules/cavaliers/combined.js";
import { COMBINED_CAP, MAX_AREAS_PER_TURN, MAX_INTERPOSE_AREAS } from "../../../../rules/cavaliers/tables.js";
import { combinedThisRound } from "./combined.js";
import { actorHeldInArea, heldThisRound } from "./hold.js";

export const ATTACK_KIND = "cavaliers.attack";

const say = (key: string, data: Record<string, string> = {}) => game.i18n!.format(`FRAY.Combat.Refused.Interpose${key}`, data);

/** The combined action an Interpose from the next Area takes. */
export const INTERPOSE_MOVE = ["move"] as const;

/** Whether her Move fits the round after what she took before: Drop 4 and two Areas at most (the rules check the same). */
export function checkMove(earlier: readonly string[]): { ok: true } | { refusal: string } {
  const drop = combinedActionDrop([...earlier, ...INTERPOSE_MOVE]);
  if (drop > COMBINED_CAP) return { refusal: say("OverCap", { drop: String(drop), cap: String(COMBINED_CAP), taken: String(combinedActionDrop(earlier)) }) };
  const areas = areasMoved([...earlier, ...INTERPOSE_MOVE]);
  if (areas > MAX_AREAS_PER_TURN) return { refusal: say("MovedEnough", { areas: String(areasMoved(earlier)), most: String(MAX_AREAS_PER_TURN) }) };
  return { ok: true };
}

/** An attack she may step into: the card, its actors, and how many Areas she crosses (null: no Areas drawn). */
export interface Redirect {
  message: ChatMessage.Implementation;
  card: CardData;
  attacker: Actor.Implementation;
  target: Actor.Implementation;
  areas: number | null;
}

/** The Areas between two tokens: a count, null when no Areas are drawn, or a refusal. */
function areasBetween(mine: TokenDocument.Implementation | null, theirs: TokenDocument.Implementation | null, name: string): number | null | { refusal: string } {
  const placing = placeTokens([mine, theirs]);
  if ("refusal" in placing) return placing;
  if (!("placed" in placing)) return null;
  const range = areaContext(mine!, theirs!)?.range ?? null;
  return range === null ? { refusal: say("NoPath", { name }) } : range;
}

/** An open attack card the combatant may step into, or why not. */
export function checkRedirect(combatant: Combatant.Implementation, message: ChatMessage.Implementation | undefined): Redirect | { refusal: string } {
  const card = message ? cardOf(message) : null;
  // A card is written by a GM; a message of the card type from anyone else is not one.
  if (!message || !card || card.kind !== ATTACK_KIND || !message.author?.isGM) return { refusal: say("NoCard") };
  const attacker = actorAt(card.refs.attacker?.actor);
  const target = actorAt(card.refs.defender?.actor);
  const me = combatant.actor;
  if (!attacker || !target || !me) return { refusal: say("NoCard") };
  const names = { attacker: attacker.name, target: target.name };
  if (card.state !== "open") return { refusal: say("Closed", names) };
  if (card.request.defence !== undefined) return { refusal: say("Defended", names) };
  if (me.uuid === attacker.uuid) return { refusal: say("OwnAttack", names) };
  if (me.uuid === target.uuid) return { refusal: say("Target", names) };
  const targetToken = standingToken(target, tokenAt(card.refs.defender?.token));
  const areas = areasBetween(standingToken(me, combatant.token as TokenDocument.Implementation | null), targetToken, target.name);
  if (areas !== null && typeof areas === "object") return areas;
  if (areas !== null && areas > MAX_INTERPOSE_AREAS) return { refusal: say("TooFar", { ...names, areas: String(areas) }) };
  // Held in her own Area by an opponent's Interpose, she cannot take the Move that steps in from the next.
  if (areas !== null && areas > 0 && actorHeldInArea(me)) return { refusal: say("Held", names) };
  if (areas !== null && areas > 0 && combatant.combat) {
    const move = checkMove(combinedThisRound(combatant.combat, combatant));
    if ("refusal" in move) return move;
  }
  return { message, card, attacker, target, areas };
}

/** An opponent in the combat she may hold in her Area this round, or why not. */
export function checkBlock(combat: Combat.Implementation, combatant: Combatant.Implementation, opponent: Combatant.Implementation | undefined): { opponent: Combatant.Implementation } | { refusal: string } {
  if (!opponent || opponent.combat !== combat) return { refusal: say("NoOpponent") };
  const name = opponent.name ?? "";
  if (opponent.id === combatant.id || (opponent.actor && opponent.actor.uuid === combatant.actor?.uuid)) return { refusal: say("Self", { name }) };
  // The sides the GM enlisted them under (the roster), never a disposition a player may write.
  const [mine, theirs] = [sideOf(combat, combatant), sideOf(combat, opponent)];
  if (mine !== null && mine === theirs) return { refusal: say("NotOpponent", { name }) };
  if (heldThisRound(combat, opponent)) return { refusal: say("AlreadyHeld", { name }) };
  const me = combatant.actor;
  const them = opponent.actor;
  if (!me || !them) return { refusal: say("NoOpponent") };
  const areas = areasBetween(standingToken(me, combatant.token as TokenDocument.Implementation | null), standingToken(them, opponent.token as TokenDocument.Implementation | null), name);
  if (areas !== null && typeof areas === "object") return areas;
  if (areas !== null && areas > 0) return { refusal: say("NotSameArea", { name }) };
  return { opponent };
}
