/**
 * The Unhex door card: a character beside a door opens or shuts it with her action. The GM fixes
 * which Areas' behaviours list the door, and where her token stands; Apply sets it on each of them (so the two sides of the
 * line never disagree) and spends the action; Undo puts both back.
 */
import type { Outcome } from "../../../../core/outcome.js";
import { oneOf } from "../../../cards/checks.js";
import { documentAt } from "../../../cards/documents.js";
import { listOf, optional, requestOf, text, yesNo } from "../../../cards/fields.js";
import type { CardActors, CardChange, CardKind } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { doorSides, otherEnd, withDoor } from "../../../areas/doors.js";
import type { AreaBehaviorModel } from "../../../areas/model.js";
import { standingToken } from "../../../areas/service.js";
import { Refused } from "../../../relay/index.js";
import { templatePath } from "../../../system.js";
import { fighterOf, unhexData } from "../actors.js";
import { budgetFromEffect } from "./apply.js";
import { areasOf, budgetAt, fightFacts, teamTurnChecked } from "./facts.js";
import { areaName, unhexCardContext, unhexHeadline } from "./view.js";

const refuse = (key: string): never => {
  throw new Refused(game.i18n!.localize(`FRAY.Unhex.Refused.${key}`));
};

/** The change that sets the door to `other` open or shut on one Area's behaviour. */
function doorChange(behavior: RegionBehavior.Implementation, other: string, open: boolean): CardChange | null {
  const connections = withDoor(behavior, other, open);
  if (!connections) return null;
  return { document: behavior, fields: { "system.connections": connections }, label: game.i18n!.format("FRAY.Unhex.Card.DoorOf", { area: (behavior.system as AreaBehaviorModel).areaName }), show: (value) => doorState(value, other) };
}

function doorState(value: unknown, other: string): string {
  const line = Array.isArray(value) ? (value as Array<{ to?: unknown; kind?: unknown; open?: unknown }>).find((l) => l.to === other && l.kind === "door") : undefined;
  return game.i18n!.localize(line?.open ? "FRAY.Unhex.Card.DoorOpen" : "FRAY.Unhex.Card.DoorShut");
}

function prepare(raw: Record<string, unknown>, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>, asker?: User.Implementation): Record<string, unknown> {
  const actor = actors.actor!;
  unhexData(actor);
  const token = standingToken(actor, tokens.actor) ?? refuse("DoorNeedsToken");
  const scene = areasOf([token]) ?? refuse("DoorNeedsAreas");
  const between = Array.isArray(raw.between) ? raw.between : [];
  const ids = scene.map.areas.map((area) => area.id);
  const a = oneOf(between[0], ids, "between");
  const b = oneOf(between[1], ids, "between");
  const sides = doorSides(token.parent!, a, b);
  if (!sides.length) refuse("NoDoor");
  const fight = fightFacts(actors, { actor: token });
  return teamTurnChecked({ map: scene.map, names: scene.names, between: [a, b], open: raw.open === true, area: scene.areas[0], sides: sides.map((side) => side.uuid), ...(fight ? { fight } : {}) }, "actor", raw, asker);
}

function changes(outcome: Outcome, _actors: CardActors, request: Record<string, unknown>): CardChange[] {
  const [a, b] = request.between as [string, string];
  const open = (outcome.result as { open: boolean }).open;
  const sides = ((request.sides ?? []) as string[]).map((uuid) => documentAt(uuid)).filter((doc): doc is RegionBehavior.Implementation => doc instanceof foundry.documents.RegionBehavior);
  const lines = sides.map((side) => doorChange(side, otherEnd(side, a, b), open)).filter((change): change is CardChange => change !== null);
  return [...lines, ...budgetFromEffect(request, "actor", outcome.effects[0])];
}

function title(card: CardData): string {
  const [a, b] = (card.request.between ?? []) as string[];
  return game.i18n!.format(card.request.open ? "FRAY.Unhex.Card.Title.openDoor" : "FRAY.Unhex.Card.Title.shutDoor", { a: areaName(card, a), b: areaName(card, b) });
}

export const unhexDoorCard: CardKind = {
  id: "unhex.door",
  ruleset: "unhex",
  action: "door",
  template: templatePath("chat/unhex-card.hbs"),
  opener: "actor",
  roles: ["actor"],
  request: requestOf({
    between: listOf(text("an Area's id"), "the two Areas the door joins"),
    open: optional(yesNo("opens the door (else shuts it)")),
    outOfTurn: optional(yesNo("a GM's override: she acts outside her team's turn, recorded on the card (a player's is refused)")),
  }),
  prepare,
  rulesRequest: (request, actors) => ({ map: request.map, between: request.between, open: request.open, actor: { ...fighterOf(actors.actor!, false, budgetAt(request, "actor")), area: request.area } }),
  changes,
  headline: unhexHeadline,
  context: (card) => ({ ...unhexCardContext(card, title(card)), kind: card.kind }),
};
