/**
 * Facts only the GM fixes when an Unhex card opens: the scene's map of Areas and the Areas the
 * tokens stand in (read from where they stand), or, when none of the fighters has a token on a scene
 * with Areas, a stand-in map for the range and cover the GM rules; and the fight (combat and
 * combatants) whose action budgets the card reads and spends.
 */
import type { AreaMap } from "../../../../core/areas/index.js";
import { HERE, standInMap } from "../../../../rules/unhex/ruling.js";
import { integerIn } from "../../../cards/checks.js";
import { combatantOfKey, recordKey } from "../../../combat/fighter.js";
import { placeTokens } from "../../../areas/index.js";
import { Refused } from "../../../relay/index.js";
import { actingCombatant, roundOf } from "../../../combat/clock.js";
import { budgetOf, fightOf, roundState, teamOf } from "../combat/state.js";

const refuse = (key: string, data?: Record<string, string>): never => {
  throw new Refused(data ? game.i18n!.format(`FRAY.Unhex.Refused.${key}`, data) : game.i18n!.localize(`FRAY.Unhex.Refused.${key}`));
};

/** The stand-in area of a fight without a map (the rules' own, src/rules/unhex/ruling.ts). */
export { HERE, standInMap };

/**
 * The scene's map and the Area each token stands in, when they stand in Areas of one scene with a
 * usable map; null when none stands on a scene with Areas. A token between Areas, or on another
 * scene than the rest, is refused with the reason.
 */
export function areasOf(tokens: Array<TokenDocument.Implementation | null | undefined>): { map: AreaMap; areas: string[]; names: Record<string, string> } | null {
  const answer = placeTokens(tokens);
  if ("refusal" in answer) throw new Refused(answer.refusal);
  if (!("placed" in answer)) return null;
  const { map, areas, ids } = answer.placed;
  return { map, areas: ids, names: Object.fromEntries(areas.map((area) => [area.id, area.name])) };
}

/**
 * The map of a card: the scene's where the tokens stand in Areas, else (no token on a scene with
 * Areas) the stand-in for the named range and cover, which stand only as the GM's ruling (`place`:
 * what was named, a ruling when a GM names it, else a request for one).
 */
export function mapFacts(raw: Record<string, unknown>, attacker: TokenDocument.Implementation | null | undefined, target: TokenDocument.Implementation | null | undefined) {
  const scene = areasOf([attacker, target]);
  if (scene) return { map: scene.map, from: scene.areas[0]!, to: scene.areas[1]!, names: scene.names, standIn: false };
  const range = integerIn(raw.range ?? 0, 0, 2, "range");
  const { map, target: to } = standInMap(range, raw.cover === true);
  return { map, from: HERE, to, names: {}, standIn: true, place: { range, cover: range > 0 && raw.cover === true } };
}

/** Combat and combatant ids of the actors in one started combat, by role (none out of combat). */
export function fightFacts(actors: Record<string, Actor.Implementation>, tokens: Record<string, TokenDocument.Implementation | null>): Record<string, unknown> | null {
  let combatId: string | null = null;
  const combatants: Record<string, string> = {};
  for (const [role, actor] of Object.entries(actors)) {
    const fight = fightOf(actor, tokens[role]);
    if (!fight) continue;
    if (combatId && fight.combat.id !== combatId) refuse("TwoCombats");
    combatId = fight.combat.id;
    combatants[role] = recordKey(fight.combatant);
  }
  return combatId ? { combat: combatId, combatants } : null;
}

/** The combat and a role's combatant a card's fight names, if both still exist. */
export function fightAt(request: Record<string, unknown>, role: string): { combat: Combat.Implementation; combatant: Combatant.Implementation } | null {
  const fight = request.fight as { combat?: unknown; combatants?: Record<string, unknown> } | undefined;
  if (!fight || typeof fight.combat !== "string") return null;
  const combat = game.combats?.get(fight.combat) as Combat.Implementation | undefined;
  const id = fight.combatants && Object.hasOwn(fight.combatants, role) ? fight.combatants[role] : undefined;
  const combatant = combat && typeof id === "string" ? (combatantOfKey(combat.combatants, id) as Combatant.Implementation | undefined) : undefined;
  return combat && combatant ? { combat, combatant } : null;
}

/** A role's actions this round, when the card is part of a fight. */
export function budgetAt(request: Record<string, unknown>, role: string): { available: number; owed: number } | undefined {
  const fight = fightAt(request, role);
  return fight ? budgetOf(fight.combat, fight.combatant) : undefined;
}

/**
 * Why a combatant cannot act now (Rounds: each team "takes actions until they are done" in its own
 * turn; in another's she may only react), or null: once the round's team order is rolled, the team
 * of the combatant acting by the GM's clock is the team whose turn it is.
 */
export function outOfTurn(combat: Combat.Implementation, combatant: Combatant.Implementation): { team: string; turn: string } | null {
  if (roundState(combat).round !== roundOf(combat)) return null;
  const acting = actingCombatant(combat);
  if (!acting) return null;
  const [team, turn] = [teamOf(combat, combatant), teamOf(combat, acting)];
  return team === turn ? null : { team, turn };
}

/**
 * On an act's card (attack, use or manage items, a door): refused outside her team's turn, unless a
 * GM overrides it (`outOfTurn: true` in her request), which the card records. A player's override is
 * not one.
 */
export function teamTurnChecked(request: Record<string, unknown>, role: string, raw: Record<string, unknown>, asker: User.Implementation | undefined): Record<string, unknown> {
  // The override is the GM's ruling: a player's request naming it is refused, in her turn or not.
  if (raw.outOfTurn !== undefined && asker && !asker.isGM) refuse("OutOfTurnGmOnly");
  const fight = fightAt(request, role);
  const out = fight ? outOfTurn(fight.combat, fight.combatant) : null;
  if (!out) return request;
  if (asker?.isGM && raw.outOfTurn === true) return { ...request, outOfTurn: out };
  throw new Refused(notTeamTurn(fight!.combatant.name ?? "", out));
}

/**
 * For a dialog: why this character cannot act now (her team, the team whose turn it is, and the
 * refusal's words), or null when she may or is in no fight.
 */
export function outOfTurnNow(actor: Actor.Implementation, token: TokenDocument.Implementation | null | undefined): { team: string; turn: string; says: string } | null {
  const fight = fightOf(actor, token);
  const out = fight ? outOfTurn(fight.combat, fight.combatant) : null;
  return out ? { ...out, says: notTeamTurn(token?.name ?? actor.name, out) } : null;
}

/** The refusal of an act outside her team's turn, naming both teams. */
export function notTeamTurn(name: string, out: { team: string; turn: string }): string {
  const team = (id: string) => game.i18n!.localize(`FRAY.Unhex.Team.${id}`);
  return game.i18n!.format("FRAY.Unhex.Refused.NotTeamTurn", { name, team: team(out.team), turn: team(out.turn) });
}
