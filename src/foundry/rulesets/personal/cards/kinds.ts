/**
 * The Personal Combat card kinds on the shared card engine: an attack (with the Wounded target's
 * Fallen Fate), a Fallen Fate for damage from outside an attack, a Rest, and a declared turn. The
 * rules' actions decide every number; these only read the actors and the GM's lists into requests.
 */
import type { Outcome } from "../../../../core/outcome.js";
import { flag, integerIn, optionalString } from "../../../cards/checks.js";
import { entries, listOf, optional, requestOf, text, whole, yesNo } from "../../../cards/fields.js";
import type { CardActors, CardKind } from "../../../cards/kinds.js";
import { Refused } from "../../../relay/index.js";
import { templatePath } from "../../../system.js";
import { personalSystem, targetOf, vitalsOf, weaponOf } from "../data.js";
import { listsRequest } from "../lists.js";
import { vitalsChange } from "./changes.js";
import { personalContext, personalHeadline } from "./view.js";
import { cardName } from "../../../cards/documents.js";

const TEMPLATE = templatePath("chat/personal-card.hbs");
const malformed = (problem: string): never => {
  throw new Refused(game.i18n!.format("FRAY.Card.Refused.Malformed", { problem }));
};

/** The one actor the outcome names, changed as its effect says. */
const firstEffectOn = (role: string) => (outcome: Outcome, actors: CardActors) => [vitalsChange(actors[role]!, outcome.effects[0])];

export const personalAttackCard: CardKind = {
  id: "personal.attack",
  ruleset: "personal",
  action: "attack",
  template: TEMPLATE,
  opener: "attacker",
  roles: ["attacker", "target"],
  request: requestOf({ weapon: text("the item id of the attacker's weapon") }),
  prepare(raw, actors) {
    const target = actors.target ?? malformed("target");
    personalSystem(actors.attacker!);
    personalSystem(target);
    return { weapon: weaponOf(actors.attacker!, raw.weapon).id };
  },
  rulesRequest(request, actors) {
    const attacker = actors.attacker!;
    const weapon = weaponOf(attacker, request.weapon);
    return {
      attacker: { name: attacker.name, weapon: { name: weapon.name, attack: weapon.attack, damage: weapon.damage, damageType: weapon.damageType, piercing: weapon.piercing } },
      target: targetOf(actors.target!),
      ...listsRequest(),
      ...(request.fateChoice !== undefined ? { fateChoice: request.fateChoice } : {}),
    };
  },
  changes: firstEffectOn("target"),
  context: personalContext,
  headline: personalHeadline,
};

/** The character's name and vitals, as the fate and rest actions take her. */
const characterOf = (actors: CardActors) => ({ name: cardName(actors.character!.name), ...vitalsOf(actors.character!) });

export const personalFateCard: CardKind = {
  id: "personal.fate",
  ruleset: "personal",
  action: "fate",
  template: TEMPLATE,
  opener: "character",
  roles: ["character"],
  request: requestOf({ damage: whole("damage from outside an attack (a fall, a fire) on a Wounded character", 1, 999) }),
  prepare(raw, actors) {
    personalSystem(actors.character!);
    return { damage: integerIn(raw.damage, 1, 999, "damage") };
  },
  rulesRequest: (request, actors) => ({ character: characterOf(actors), damage: request.damage, ...listsRequest(), ...(request.choice !== undefined ? { choice: request.choice } : {}) }),
  changes: firstEffectOn("character"),
  context: personalContext,
  headline: personalHeadline,
};

export const personalRestCard: CardKind = {
  id: "personal.rest",
  ruleset: "personal",
  action: "rest",
  template: TEMPLATE,
  opener: "character",
  roles: ["character"],
  request: requestOf({}),
  prepare(_raw, actors) {
    personalSystem(actors.character!);
    return {};
  },
  rulesRequest: (_request, actors) => ({ character: characterOf(actors) }),
  changes: firstEffectOn("character"),
  context: personalContext,
  headline: personalHeadline,
};

/** A declared action: its name from a list or typed, free or not. */
function actionsOf(raw: unknown): { name: string; free: boolean }[] {
  if (!Array.isArray(raw) || raw.length > 8) return malformed("actions");
  return (raw as unknown[]).map((entry) => {
    const action = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : malformed("actions");
    const name = optionalString(action.name, "actions") ?? malformed("actions");
    return { name, free: action.free === true };
  });
}

export const personalTurnCard: CardKind = {
  id: "personal.turn",
  ruleset: "personal",
  action: "turn",
  template: TEMPLATE,
  opener: "character",
  roles: ["character"],
  request: requestOf({
    actions: listOf(entries({ name: text("the action's name, from the action list or typed"), free: optional(yesNo("a free action")) }, "an action"), "the turn's actions (8 at most)"),
    move: optional(entries({ from: text("the range band she leaves"), to: text("the range band she reaches") }, "the turn's Move")),
    itemInteractions: optional(whole("items picked up or swapped", 0, 10)),
    gainMomentum: optional(yesNo("the Gain Momentum destiny was rolled")),
  }),
  prepare(raw, actors) {
    personalSystem(actors.character!);
    const request: Record<string, unknown> = { actions: actionsOf(raw.actions) };
    if (raw.move !== undefined && raw.move !== null) {
      const move = typeof raw.move === "object" ? (raw.move as Record<string, unknown>) : malformed("move");
      request.move = { from: optionalString(move.from, "move") ?? malformed("move"), to: optionalString(move.to, "move") ?? malformed("move") };
    }
    if (raw.itemInteractions !== undefined) request.itemInteractions = integerIn(raw.itemInteractions, 0, 10, "itemInteractions");
    if (raw.gainMomentum !== undefined) request.gainMomentum = flag(raw.gainMomentum, "gainMomentum");
    return request;
  },
  rulesRequest: (request, actors) => ({ character: { name: cardName(actors.character!.name) }, ...request, ...listsRequest() }),
  changes: () => [],
  context: personalContext,
  headline: personalHeadline,
};

/**
 * The tracker's steps (a roll of initiative, a Delay) are served by the GM and written by the
 * tracker; their cards are posted closed by the GM, showing every die and step, and cannot be
 * opened from a request. The rules request is the one the GM ran, kept on the card.
 */
function trackerCard(action: "initiative" | "delay"): CardKind {
  return {
    id: `personal.${action}`,
    ruleset: "personal",
    action,
    template: TEMPLATE,
    opener: "tracker",
    roles: [],
    request: requestOf({}),
    prepare() {
      throw new Refused(game.i18n!.localize("FRAY.Personal.Refused.FromTracker"));
    },
    rulesRequest: (request) => (typeof request.rules === "object" && request.rules !== null ? (request.rules as Record<string, unknown>) : malformed("rules")),
    changes: () => [],
    context: personalContext,
  headline: personalHeadline,
  };
}

export const personalInitiativeCard = trackerCard("initiative");
export const personalDelayCard = trackerCard("delay");

export const PERSONAL_CARDS: readonly CardKind[] = [personalAttackCard, personalFateCard, personalRestCard, personalTurnCard, personalInitiativeCard, personalDelayCard];
