/**
 * The plain Unhex rolls as cards: a check against the character's level, and an opposed roll
 * against a target, who rolls her own dice when the card asks. A good roller's reroll and a
 * critical success's choice are asked on the card; a critical's extra or lost action counts in a
 * fight.
 */
import type { Outcome } from "../../../../core/outcome.js";
import { flag, optionalString } from "../../../cards/checks.js";
import { optional, requestOf, text, yesNo } from "../../../cards/fields.js";
import type { CardActors, CardChange, CardKind } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { templatePath } from "../../../system.js";
import { isPc, unhexData } from "../actors.js";
import { budgetFromEvents } from "./apply.js";
import { fightFacts } from "./facts.js";
import { SET_DICE } from "./set-dice.js";
import { activateChoiceOdds } from "./choice-odds.js";
import { unhexCardContext, unhexHeadline } from "./view.js";
import { fighterName, roleName } from "../../../cards/documents.js";

/** The actor as a roller (the rules' strict shape: name, levels, PC, good). */
function rollerOf(actor: Actor.Implementation, good: boolean): Record<string, unknown> {
  const system = unhexData(actor);
  return { name: fighterName(actor), level: system.level.value, maxLevel: system.level.max, pc: isPc(actor), ...(good ? { good: true } : {}) };
}

function prepare(raw: Record<string, unknown>, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>): Record<string, unknown> {
  for (const actor of Object.values(actors)) unhexData(actor);
  const what = optionalString(raw.what, "what");
  const fight = fightFacts(actors, tokens);
  return { good: flag(raw.good, "good"), ...(what ? { what } : {}), ...(fight ? { fight } : {}) };
}

function name(card: CardData, role: string): string {
  return roleName(card.refs, role);
}

function resultOf(card: CardData): string {
  const outcome = card.outcome;
  if (!outcome || outcome.awaiting) return "";
  const result = outcome.result as { success?: boolean; winner?: string | null; tie?: boolean };
  if (card.kind === "unhex.check") return game.i18n!.localize(result.success ? "FRAY.Unhex.Card.Success" : "FRAY.Unhex.Card.Failure");
  return result.tie ? game.i18n!.localize("FRAY.Unhex.Card.Tie") : game.i18n!.format("FRAY.Unhex.Card.Wins", { name: String(result.winner) });
}

function subtitleOf(card: CardData): string {
  const parts = [typeof card.request.what === "string" ? card.request.what : "", card.request.good === true ? game.i18n!.localize("FRAY.Unhex.Card.ClaimsGood") : ""];
  return parts.filter(Boolean).join(" · ");
}

export const unhexCheckCard: CardKind = {
  id: "unhex.check",
  ruleset: "unhex",
  action: "check",
  template: templatePath("chat/unhex-card.hbs"),
  opener: "character",
  roles: ["character"],
  request: requestOf({ what: optional(text("what the roll is for, shown on the card")), good: optional(yesNo("she claims to be good at it (may reroll)")) }),
  prepare,
  rulesRequest(request, actors) {
    const rules: Record<string, unknown> = { character: rollerOf(actors.character!, request.good === true), inCombat: request.fight !== undefined };
    for (const key of ["reroll", "critical"]) if (request[key] !== undefined) rules[key] = request[key];
    return rules;
  },
  changes: (outcome: Outcome, _actors: CardActors, request): CardChange[] => budgetFromEvents(request, "character", outcome.effects[0]?.statuses ?? []),
  headline: unhexHeadline,
  context: (card) => ({ ...unhexCardContext(card, game.i18n!.format("FRAY.Unhex.Card.Title.check", { name: name(card, "character") }), subtitleOf(card)), kind: card.kind, result: resultOf(card) }),
  clientActions: { setDice: SET_DICE },
  activate: activateChoiceOdds,
};

export const unhexOpposedCard: CardKind = {
  id: "unhex.opposed",
  ruleset: "unhex",
  action: "opposed",
  template: templatePath("chat/unhex-card.hbs"),
  opener: "a",
  roles: ["a", "b"],
  request: requestOf({ what: optional(text("what the roll is for, shown on the card")), good: optional(yesNo("the opener claims to be good at it (may reroll)")) }),
  prepare,
  rulesRequest(request, actors) {
    // b says whether she is good at her roll as she rolls it ("good"); the card shows the claim.
    const rules: Record<string, unknown> = { a: rollerOf(actors.a!, request.good === true), b: rollerOf(actors.b!, request.roll === "good"), inCombat: request.fight !== undefined };
    if (request.roll !== undefined) rules.roll = request.roll === "true" || request.roll === "good" || request.roll === true ? true : request.roll;
    for (const key of ["rerolls", "criticals"]) if (request[key] !== undefined) rules[key] = request[key];
    return rules;
  },
  changes: (outcome, _actors, request) => [...budgetFromEvents(request, "a", outcome.effects[0]?.statuses ?? []), ...budgetFromEvents(request, "b", outcome.effects[1]?.statuses ?? [])],
  headline: unhexHeadline,
  context: (card) => ({ ...unhexCardContext(card, game.i18n!.format("FRAY.Unhex.Card.Title.opposed", { a: name(card, "a"), b: name(card, "b") }), subtitleOf(card)), kind: card.kind, result: resultOf(card) }),
  clientActions: { setDice: SET_DICE },
  activate: activateChoiceOdds,
};
