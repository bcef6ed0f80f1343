/**
 * The Unhex card for using or managing items: the character says, item by item, what she has in
 * hand, stows away or drops, or names one item she uses (one in her hands, or a thing fixed to the
 * Area she stands in: a lever, a terminal). The GM reads her items as they are now; the rules
 * check the hands and say what it costs (a rearrangement or a use is her action, dropping is
 * free); Apply sets each item's In hand box and spends the action; Undo puts both back.
 */
import type { Outcome } from "../../../../core/outcome.js";
import type { HandItem } from "../../../../rules/unhex/items.js";
import { oneOf, optionalString } from "../../../cards/checks.js";
import { byKey, entries, oneOf as oneOfField, optional, requestOf, text, yesNo } from "../../../cards/fields.js";
import type { CardActors, CardChange, CardKind } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { roleName } from "../../../cards/documents.js";
import { Refused } from "../../../relay/index.js";
import { templatePath } from "../../../system.js";
import { fighterOf, holdableItems } from "../actors.js";
import { budgetFromEffect } from "./apply.js";
import { areasOf, budgetAt, fightFacts, HERE, teamTurnChecked } from "./facts.js";
import { unhexCardContext, unhexHeadline } from "./view.js";

/** What she wants for an item: in her hand, stowed away, dropped. */
export const HAND_CHOICES = ["hand", "stow", "drop"] as const;
type HandChoice = (typeof HAND_CHOICES)[number];

const refuse = (key: string, data?: Record<string, string>): never => {
  throw new Refused(data ? game.i18n!.format(`FRAY.Unhex.Refused.${key}`, data) : game.i18n!.localize(`FRAY.Unhex.Refused.${key}`));
};

function plainObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The opening request, checked: each item named is one of hers she can hold, with a known choice;
 * the item used is one of hers, or a thing fixed to her Area, named in a few words. The Area is the
 * one her token stands in, fixed by the GM (without Areas on the scene: a stand-in of one area).
 */
function prepare(raw: Record<string, unknown>, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>, asker?: User.Implementation): Record<string, unknown> {
  const actor = actors.actor!;
  const ids = holdableItems(actor).map((item) => item.id);
  const given = Object.entries(plainObject(raw.hands));
  if (given.length > ids.length) refuse("NotHerItem", { name: actor.name });
  const hands: Record<string, HandChoice> = {};
  for (const [id, choice] of given) {
    if (!ids.includes(id)) refuse("NotHerItem", { name: actor.name });
    hands[id] = oneOf(choice, HAND_CHOICES, "hands");
  }
  const use = plainObject(raw.use);
  const request: Record<string, unknown> = { hands };
  if (use.item !== undefined) {
    if (typeof use.item !== "string" || !ids.includes(use.item)) refuse("NotHerItem", { name: actor.name });
    request.use = { item: use.item };
  } else if (use.fixed !== undefined) {
    const fixed = (optionalString(use.fixed, "fixed") ?? "").trim();
    if (!fixed) refuse("NameTheThing");
    const scene = areasOf([tokens.actor]);
    request.use = { fixed };
    Object.assign(request, scene ? { map: scene.map, names: scene.names, area: scene.areas[0] } : { map: { name: "stand-in", areas: [{ id: HERE }], connections: [] }, area: HERE });
  }
  const fight = fightFacts(actors, tokens);
  return teamTurnChecked({ ...request, ...(fight ? { fight } : {}) }, "actor", raw, asker);
}

/** The rules request from her items as they are now: what she holds, and what the card's choices change. */
function rulesRequest(request: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  const actor = actors.actor!;
  const items = holdableItems(actor);
  const asHand = (item: (typeof items)[number]): HandItem => ({ name: item.name, hands: item.hands, id: item.id });
  const wanted = plainObject(request.hands);
  const take: HandItem[] = [];
  const stow: string[] = [];
  const drop: string[] = [];
  for (const item of items) {
    const choice = Object.hasOwn(wanted, item.id) ? wanted[item.id] : undefined;
    if (choice === "hand" && !item.held) take.push(asHand(item));
    if (choice === "stow" && item.held) stow.push(item.id);
    if (choice === "drop" && item.held) drop.push(item.id);
  }
  const use = plainObject(request.use);
  const rules: Record<string, unknown> = {
    actor: { ...fighterOf(actor, false, budgetAt(request, "actor")), ...(typeof request.area === "string" ? { area: request.area } : {}) },
    held: items.filter((item) => item.held).map(asHand),
    ...(take.length ? { take } : {}),
    ...(stow.length ? { stow } : {}),
    ...(drop.length ? { drop } : {}),
  };
  if (request.map !== undefined) rules.map = request.map;
  if (typeof use.item === "string") rules.use = { item: use.item };
  else if (typeof use.fixed === "string") rules.use = { item: use.fixed, fixedIn: request.area };
  return rules;
}

/** Each of her items whose In hand box the outcome changes, and her action spent. */
function changes(outcome: Outcome, actors: CardActors, request: Record<string, unknown>): CardChange[] {
  const actor = actors.actor!;
  const after = new Set((outcome.result as { held: HandItem[] }).held.map((item) => item.id));
  const boxes: CardChange[] = holdableItems(actor)
    .filter((item) => item.held !== after.has(item.id))
    .flatMap((item) => {
      const document = actor.items.get(item.id);
      return document ? [{ document, fields: { "system.held": after.has(item.id) }, label: game.i18n!.format("FRAY.Unhex.Card.InHandOf", { item: item.name }) }] : [];
    });
  return [...boxes, ...budgetFromEffect(request, "actor", outcome.effects[0])];
}

function context(card: CardData): Record<string, unknown> {
  const result = card.outcome?.result as { action?: boolean } | undefined;
  const cost = result?.action === undefined ? "" : game.i18n!.localize(result.action ? "FRAY.Unhex.Card.ItemsAction" : "FRAY.Unhex.Card.ItemsFree");
  return { ...unhexCardContext(card, game.i18n!.format("FRAY.Unhex.Card.Title.items", { name: roleName(card.refs, "actor") })), kind: card.kind, result: cost };
}

export const unhexItemsCard: CardKind = {
  id: "unhex.items",
  ruleset: "unhex",
  action: "items",
  template: templatePath("chat/unhex-card.hbs"),
  opener: "actor",
  roles: ["actor"],
  request: requestOf({
    hands: optional(byKey(oneOfField(HAND_CHOICES, "put in hand, stowed or dropped"), "her items rearranged, by item id")),
    use: optional(entries({ item: optional(text("the item id of an item in her hands")), fixed: optional(text("a thing fixed to her Area (a lever, a terminal)")) }, "an item used")),
    outOfTurn: optional(yesNo("a GM's override: she acts outside her team's turn, recorded on the card (a player's is refused)")),
  }),
  prepare,
  rulesRequest,
  changes,
  headline: unhexHeadline,
  context,
};
