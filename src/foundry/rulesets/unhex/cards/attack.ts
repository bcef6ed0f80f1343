/**
 * The Unhex attack card (and the Intercept, an attack on a mover): the attacker declares it with a
 * weapon in hand; the Areas of both tokens fix range, sight and cover; the target's owner may react
 * (Defend or Counterattack) before any die is rolled, rolling her own; the attacker rolls hers;
 * good rollers may reroll and criticals choose; whoever picks splits the dice; Apply marks the
 * boxes, sets the statuses, spends the actions and, for a stopped mover, puts her token where the
 * interceptor said. The rules' `attack` action decides every number.
 */
import type { Outcome } from "../../../../core/outcome.js";
import type { WeaponKind } from "../../../../rules/unhex/tables.js";
import { rulingKey, rulingOfKey } from "../../../../rules/unhex/ruling.js";
import { optionalString } from "../../../cards/checks.js";
import { optional, requestOf, text, whole, yesNo } from "../../../cards/fields.js";
import type { CardActors, CardChange, CardKind } from "../../../cards/kinds.js";
import { fighterName, roleName, tokenAt } from "../../../cards/documents.js";
import { rulingOptions, standingToken } from "../../../areas/index.js";
import { cardOf } from "../../../cards/model.js";
import { Refused } from "../../../relay/index.js";
import { templatePath } from "../../../system.js";
import { ATTACK_GOOD, fighterOf, goodAt, heldWeapon, unhexData, wieldRefusal } from "../actors.js";
import { actorChange, budgetFromEffect } from "./apply.js";
import { budgetAt, fightFacts, mapFacts, teamTurnChecked } from "./facts.js";
import { SET_DICE } from "./set-dice.js";
import { activateChoiceOdds } from "./choice-odds.js";
import { areaName, unhexCardContext, whereLine, unhexHeadline } from "./view.js";

const refuse = (key: string, data?: Record<string, string>): never => {
  throw new Refused(data ? game.i18n!.format(`FRAY.Unhex.Refused.${key}`, data) : game.i18n!.localize(`FRAY.Unhex.Refused.${key}`));
};

/** The move an Intercept answers: a GM-written move card of this mover, applied, with where she went. */
function interceptedMove(messageId: unknown, target: Actor.Implementation): { from: string; to: string; origin: { x: number; y: number } | null; token: string | null } {
  const message = typeof messageId === "string" ? game.messages?.get(messageId) : undefined;
  const card = message && message.author?.isGM ? cardOf(message) : null;
  if (!card || card.kind !== "unhex.move" || card.state !== "applied") return refuse("NoMove");
  if (card.refs.mover?.actor !== target.uuid) refuse("NotTheMover", { name: fighterName(target) });
  const result = (card.outcome?.result ?? {}) as { from?: unknown; to?: unknown; free?: unknown };
  if (typeof result.from !== "string" || typeof result.to !== "string" || result.free) return refuse("NoMove");
  const origin = card.request.origin as { x?: unknown; y?: unknown } | undefined;
  const place = origin && typeof origin.x === "number" && typeof origin.y === "number" ? { x: origin.x, y: origin.y } : null;
  return { from: result.from, to: result.to, origin: place, token: card.refs.mover?.token ?? null };
}

function prepare(raw: Record<string, unknown>, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>, asker?: User.Implementation): Record<string, unknown> {
  const attacker = actors.attacker!;
  const target = actors.target ?? refuse("NoTarget");
  unhexData(attacker);
  unhexData(target);
  if (attacker === target) refuse("SelfAttack");
  const weapon = heldWeapon(attacker, raw.weapon);
  const cannot = wieldRefusal(attacker, weapon);
  if (cannot) throw new Refused(cannot);
  const intercept = optionalString(raw.intercept, "intercept");
  // A request that leaves the tokens out still reads the map through the fighters' tokens.
  const standing = { attacker: standingToken(attacker, tokens.attacker), target: standingToken(target, tokens.target) };
  const facts = mapFacts(raw, standing.attacker, standing.target);
  const request: Record<string, unknown> = { weapon: weapon.id, kind: weapon.kind, hands: weapon.hands, map: facts.map, from: facts.from, names: facts.names };
  if (intercept) {
    if (facts.standIn) refuse("InterceptNeedsAreas");
    const move = interceptedMove(intercept, target);
    if (standing.target && move.token && standing.target.uuid !== move.token) refuse("NotTheMover", { name: fighterName(target) });
    Object.assign(request, { intercept, moving: { from: move.from, to: move.to }, ...(move.origin && move.token ? { origin: move.origin, moverToken: move.token } : {}) });
  } else {
    request.to = facts.to;
    // Without Areas only the GM says range and cover (Unhex, Combat, Maps): a GM's are her ruling; a
    // player's only ask, and the card awaits the GM's ruling before anything is declared or rolled.
    if (facts.place) Object.assign(request, asker?.isGM ? { ruling: rulingKey(facts.place) } : { asked: facts.place });
  }
  const fight = fightFacts(actors, standing);
  if (fight) request.fight = fight;
  // An Intercept is a reaction, made in another team's turn; an attack is an act of her own team's.
  return intercept ? request : teamTurnChecked(request, "attacker", raw, asker);
}

/** Card values a button sends as text, as the rules take them. */
function rollValue(value: unknown): unknown {
  return value === "true" || value === true ? true : value;
}

function rulesRequest(request: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  const attacker = actors.attacker!;
  const target = actors.target!;
  const kind = request.kind as WeaponKind;
  const intercept = typeof request.intercept === "string";
  const reaction = request.reaction;
  const targetGood = reaction === "defend" ? goodAt(target, "defend") : reaction === "counterattack" ? goodAt(target, "counterattack") : false;
  const rules: Record<string, unknown> = {
    map: request.map,
    attacker: { ...fighterOf(attacker, goodAt(attacker, intercept ? "intercept" : ATTACK_GOOD[kind]), budgetAt(request, "attacker")), area: request.from, weapon: kind, hands: request.hands === 2 ? 2 : 1 },
    target: { ...fighterOf(target, targetGood, budgetAt(request, "target")), ...(intercept ? { moving: request.moving } : { area: request.to }) },
  };
  if (request.asked !== undefined) rules.asked = request.asked;
  // The ruling is a button's word ("1+cover"); a word naming none goes on as it is, for the rules to refuse.
  if (request.ruling !== undefined) rules.ruling = rulingOfKey(request.ruling) ?? request.ruling;
  if (request.roll !== undefined) rules.roll = rollValue(request.roll);
  for (const key of ["reaction", "rerolls", "criticals", "damageDie", "counterDamageDie", "stopIn"]) if (request[key] !== undefined) rules[key] = request[key];
  return rules;
}

/** A stopped mover goes back to where she set out from when the interceptor says she stops there. */
function stopChange(outcome: Outcome, request: Record<string, unknown>, actors: CardActors): CardChange[] {
  const result = outcome.result as { stopsIn?: string };
  const moving = request.moving as { from: string; to: string } | undefined;
  const origin = request.origin as { x: number; y: number } | undefined;
  if (!moving || !origin || result.stopsIn !== moving.from) return [];
  const token = tokenAt(request.moverToken);
  if (!token || token.actor !== actors.target) return [];
  const place = { x: origin.x, y: origin.y };
  return [{ document: token, fields: place, label: game.i18n!.localize("FRAY.Unhex.Card.Place.token"), options: rulingOptions(token, place) }];
}

function changes(outcome: Outcome, actors: CardActors, request: Record<string, unknown>): CardChange[] {
  const [onAttacker, onTarget] = outcome.effects;
  return [
    actorChange(actors.attacker!, onAttacker),
    actorChange(actors.target!, onTarget),
    ...budgetFromEffect(request, "attacker", onAttacker),
    ...budgetFromEffect(request, "target", onTarget),
    ...stopChange(outcome, request, actors),
  ];
}

function titleOf(card: CardData): string {
  const name = (role: string) => roleName(card.refs, role);
  const weapon = game.i18n!.localize(`FRAY.Unhex.Weapon.${String(card.request.kind)}`);
  return game.i18n!.format(typeof card.request.intercept === "string" ? "FRAY.Unhex.Card.Title.intercept" : "FRAY.Unhex.Card.Title.attack", { attacker: name("attacker"), target: name("target"), weapon });
}

type CardData = Parameters<CardKind["context"]>[0];

function context(card: CardData): Record<string, unknown> {
  const moving = card.request.moving as { from: string; to: string } | undefined;
  const where = moving
    ? game.i18n!.format("FRAY.Unhex.Card.WhereMoving", { from: areaName(card, card.request.from), a: areaName(card, moving.from), b: areaName(card, moving.to) })
    : whereLine(areaName(card, card.request.from), areaName(card, card.request.to));
  const result = card.outcome && !card.outcome.awaiting ? resultLine(card.outcome) : "";
  return { ...unhexCardContext(card, titleOf(card), where), kind: card.kind, result };
}

function resultLine(outcome: Outcome): string {
  const result = outcome.result as { hit?: boolean; defended?: boolean; counterattack?: { hit: boolean } };
  const parts = [game.i18n!.localize(result.hit ? "FRAY.Unhex.Card.Hit" : result.defended ? "FRAY.Unhex.Card.Defended" : "FRAY.Unhex.Card.Missed")];
  if (result.counterattack) parts.push(game.i18n!.localize(result.counterattack.hit ? "FRAY.Unhex.Card.CounterHit" : "FRAY.Unhex.Card.CounterMissed"));
  return parts.join(" ");
}

export const unhexAttackCard: CardKind = {
  id: "unhex.attack",
  ruleset: "unhex",
  action: "attack",
  template: templatePath("chat/unhex-card.hbs"),
  opener: "attacker",
  roles: ["attacker", "target"],
  request: requestOf({
    weapon: text("the item id of a weapon in the attacker's hand"),
    intercept: optional(text("an Intercept: the chat message id of the target's applied move card")),
    range: optional(whole("without Areas on the scene: the range (0 melee, 1 near, 2 far); a GM's is her ruling, a player's asks the GM, who rules on the card", 0, 2)),
    cover: optional(yesNo("without Areas on the scene: the target has cover (a GM's is her ruling, a player's asks)")),
    outOfTurn: optional(yesNo("a GM's override: she acts outside her team's turn, recorded on the card (a player's is refused)")),
  }),
  prepare,
  rulesRequest,
  changes,
  headline: unhexHeadline,
  context,
  clientActions: { setDice: SET_DICE },
  activate: activateChoiceOdds,
};
