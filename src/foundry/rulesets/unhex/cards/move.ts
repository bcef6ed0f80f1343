/**
 * The Unhex move card: a token leaving one Area for the next during a fight. Only the active GM's
 * client opens it, when a whole move stands (areas/moves.ts): where the token set out and the Area
 * it left come from the GM's own record of the token, where it went from where it stands, and the
 * rules check the move again; Apply spends the mover's action. Each enemy who may Intercept (range
 * and sight, an action left) gets a button, hers alone, that opens an Intercept: an attack on the
 * mover with the weapon she picks.
 */
import type { Outcome } from "../../../../core/outcome.js";
import { openCard } from "../../../cards/client.js";
import { integerIn } from "../../../cards/checks.js";
import { cardName, roleName, tokenAt } from "../../../cards/documents.js";
import { entries, requestOf, text, whole } from "../../../cards/fields.js";
import type { CardActors, CardKind, ClientAction } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { areaAt, tokenArea } from "../../../areas/index.js";
import { Refused } from "../../../relay/index.js";
import { templatePath } from "../../../system.js";
import { fighterOf, heldWeapons, unhexData } from "../actors.js";
import { budgetOf, fightOf, teamOf } from "../combat/state.js";
import { budgetFromEffect } from "./apply.js";
import { areasOf, budgetAt, fightFacts } from "./facts.js";
import { areaName, unhexCardContext, unhexHeadline } from "./view.js";

const refuse = (key: string, data?: Record<string, string>): never => {
  throw new Refused(data ? game.i18n!.format(`FRAY.Unhex.Refused.${key}`, data) : game.i18n!.localize(`FRAY.Unhex.Refused.${key}`));
};

/** An enemy who saw the move, as the GM read her when it happened. */
interface Witness {
  id: string;
  actor: string;
  token: string;
  fighter: Record<string, unknown>;
  area: string;
  weapons: Array<{ id: string; name: string; kind: string }>;
}

/** The fighters of other teams in the mover's fight who stand in Areas of the scene. */
function witnesses(mover: TokenDocument.Implementation, map: { areas: Array<{ id: string }> }): Witness[] {
  const actor = mover.actor;
  const fight = actor ? fightOf(actor, mover) : null;
  if (!fight) return [];
  const team = teamOf(fight.combat, fight.combatant);
  const seen: Witness[] = [];
  for (const combatant of fight.combat.combatants.contents as Combatant.Implementation[]) {
    const token = combatant.token as TokenDocument.Implementation | null;
    const enemy = combatant.actor;
    if (!token || !enemy || token === mover || token.parent !== mover.parent || teamOf(fight.combat, combatant) === team) continue;
    const area = tokenArea(token);
    if (!area || !map.areas.some((known) => known.id === area)) continue;
    try {
      unhexData(enemy);
    } catch {
      continue;
    }
    seen.push({ id: combatant.id ?? "", actor: enemy.uuid, token: token.uuid, fighter: fighterOf(enemy, false, budgetOf(fight.combat, combatant)), area, weapons: heldWeapons(enemy) });
  }
  return seen;
}

function prepare(raw: Record<string, unknown>, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>): Record<string, unknown> {
  const mover = actors.mover!;
  unhexData(mover);
  const token = tokens.mover ?? refuse("MoveNeedsToken");
  const scene = areasOf([token]) ?? refuse("MoveNeedsAreas");
  const to = scene.areas[0]!;
  const from = typeof raw.from === "string" && scene.map.areas.some((area) => area.id === raw.from) ? raw.from : refuse("NoFrom");
  const origin = raw.origin as { x?: unknown; y?: unknown } | undefined;
  const x = integerIn(origin?.x, -100_000, 100_000, "origin");
  const y = integerIn(origin?.y, -100_000, 100_000, "origin");
  if (areaAt(token, { x, y }) !== from) refuse("OriginNotInArea");
  const fight = fightFacts(actors, tokens) ?? refuse("MoveNeedsFight");
  return { map: scene.map, names: scene.names, from, to, origin: { x, y }, fight, enemies: witnesses(token, scene.map) };
}

function rulesRequest(request: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  const enemies = ((request.enemies ?? []) as Witness[]).map((witness) => ({ ...witness.fighter, area: witness.area, weapons: [...new Set(witness.weapons.map((w) => w.kind))], id: witness.id }));
  return { map: request.map, mover: { ...fighterOf(actors.mover!, false, budgetAt(request, "mover")), area: request.from }, to: request.to, enemies };
}

/** The buttons of those who may intercept: each of her weapons that reaches, for her owners and the GM. */
function interceptors(card: CardData): Array<Record<string, unknown>> {
  if (card.state !== "applied") return [];
  const listed = ((card.outcome?.result as { interceptors?: Array<{ id?: string; name: string; weapons: string[] }> } | undefined)?.interceptors ?? []);
  const enemies = (card.request.enemies ?? []) as Witness[];
  return listed.flatMap((entry) => {
    const witness = enemies.find((enemy) => enemy.id === entry.id);
    if (!witness) return [];
    const weapons = witness.weapons.filter((weapon) => entry.weapons.includes(weapon.kind));
    return [{ owner: witness.actor, actor: witness.actor, token: witness.token, label: game.i18n!.format("FRAY.Unhex.Card.InterceptAs", { name: entry.name }), weapons }];
  });
}

/** An Intercept from the move card: an attack by the clicking enemy on the mover, with the weapon she picked. */
const intercept: ClientAction = async (message, card, button) => {
  const mover = card.refs.mover;
  if (!mover) return;
  await openCard({
    kind: "unhex.attack",
    refs: { attacker: { actor: button.dataset.frayActor ?? "", token: button.dataset.frayToken ?? "" }, target: mover },
    request: { weapon: button.dataset.frayWeapon ?? "", intercept: message.id },
  });
};

function moverName(card: CardData): string {
  const token = tokenAt(card.refs.mover?.token);
  if (token?.name) return cardName(token.name);
  return card.refs.mover ? roleName(card.refs, "mover") : "";
}

export const unhexMoveCard: CardKind = {
  id: "unhex.move",
  ruleset: "unhex",
  action: "move",
  template: templatePath("chat/unhex-card.hbs"),
  opener: "mover",
  roles: ["mover"],
  request: requestOf({ from: text("the id of the Area she leaves"), origin: entries({ x: whole("x"), y: whole("y") }, "where her token stood, in that Area") }),
  // The GM's client charges every move it sees stand; a move card a player opens herself is not a move.
  openBy: "gm",
  prepare,
  rulesRequest,
  changes: (outcome: Outcome, actors, request) => budgetFromEffect(request, "mover", outcome.effects[0]),
  headline: unhexHeadline,
  context: (card) => ({
    ...unhexCardContext(card, game.i18n!.format("FRAY.Unhex.Card.Title.move", { name: moverName(card), from: areaName(card, card.request.from), to: areaName(card, card.request.to) })),
    kind: card.kind,
    interceptors: interceptors(card),
  }),
  clientActions: { intercept },
};
