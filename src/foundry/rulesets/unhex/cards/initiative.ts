/**
 * The Unhex initiative card of one round: the GM opens it from the tracker; each team's highest
 * level character rolls her own dice in turn (last round's holder first, else the PCs), and a good
 * roller decides her reroll before the next team rolls; a critical success is the roller's extra
 * action (no dice to set); the winning team's owner picks the order of team turns.
 * Apply stores the round's order and holder in the combat, each roller's extra or lost action,
 * and an initiative per combatant by her team's place, so the tracker sorts by team turns.
 */
import type { Outcome } from "../../../../core/outcome.js";
import { integerIn } from "../../../cards/checks.js";
import { rosterPath } from "../../../combat/roster.js";
import { byKey, combatId, optional, requestOf, text, whole } from "../../../cards/fields.js";
import type { CardActors, CardChange, CardKind } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { Refused } from "../../../relay/index.js";
import { templatePath } from "../../../system.js";
import { goodAt, isPc, unhexData } from "../actors.js";
import { initiativeRound, roundChange, roundState, type TeamId, TEAMS, teamOf } from "../combat/state.js";
import { budgetFromRolls } from "./apply.js";
import { teamName, unhexCardContext, unhexHeadline } from "./view.js";
import { fighterName } from "../../../cards/documents.js";
import { activateChoiceOdds } from "./choice-odds.js";
import { outNow } from "../combat/end.js";

const refuse = (key: string, data?: Record<string, string>): never => {
  throw new Refused(data ? game.i18n!.format(`FRAY.Unhex.Refused.${key}`, data) : game.i18n!.localize(`FRAY.Unhex.Refused.${key}`));
};

/**
 * The teams of a combat, each with its combatants able to act, highest level first: whoever the
 * end-of-combat test counts as out (unconscious, dead, surrendered, retreated, marked defeated by the
 * GM) does not roll for her team.
 */
export function teamsOf(combat: Combat.Implementation): Map<TeamId, Combatant.Implementation[]> {
  const teams = new Map<TeamId, Combatant.Implementation[]>();
  for (const combatant of combat.combatants.contents as Combatant.Implementation[]) {
    const actor = combatant.actor;
    if (!actor || outNow(combat, combatant) !== null) continue;
    try {
      unhexData(actor);
    } catch {
      continue;
    }
    const team = teamOf(combat, combatant);
    teams.set(team, [...(teams.get(team) ?? []), combatant]);
  }
  for (const members of teams.values()) members.sort((x, y) => levelOf(y) - levelOf(x));
  return new Map(TEAMS.filter((team) => teams.has(team)).map((team) => [team, teams.get(team)!]));
}

function levelOf(combatant: Combatant.Implementation): number {
  return combatant.actor ? unhexData(combatant.actor).level.value : -Infinity;
}

/** The round's rollers, by team: the open request names one combatant per team, who must be among its highest level. */
function prepare(raw: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  const combat = typeof raw.combat === "string" ? (game.combats?.get(raw.combat) as Combat.Implementation | undefined) : undefined;
  if (!combat) return refuse("NoFight");
  const round = integerIn(raw.round, 1, 10_000, "round");
  const now = initiativeRound(combat);
  if (round !== now) refuse("NotThisRound", { round: String(now) });
  const state = roundState(combat);
  if (state.round === now) refuse("InitiativeRolled", { round: String(now) });
  const teams = teamsOf(combat);
  if (teams.size < 2) refuse("OneTeam");
  const chosen = (raw.rollers ?? {}) as Record<string, unknown>;
  const rollers: Record<string, string> = {};
  for (const [team, members] of teams) {
    const top = levelOf(members[0]!);
    const pick = Object.hasOwn(chosen, team) ? members.find((c) => c.id === chosen[team]) : members[0];
    if (!pick || levelOf(pick) !== top) refuse("NotHighest", { team: teamName(team) });
    if (actors[team] !== pick!.actor) refuse("NotHighest", { team: teamName(team) });
    rollers[team] = pick!.id ?? "";
  }
  // Last round's holder rolls first (a tie stays with it); in the first round, the PCs.
  const holder = state.holder && teams.has(state.holder) ? state.holder : undefined;
  return { combat: combat.id, round, rollers, ...(holder ? { previousHolder: holder } : {}), fight: { combat: combat.id, combatants: rollers }, rolls: {} };
}

function rulesRequest(request: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  const rollers = (request.rollers ?? {}) as Record<string, string>;
  const teams = Object.keys(rollers).map((team) => {
    const actor = actors[team]!;
    const system = unhexData(actor);
    return { name: team, pc: isPc(actor), members: [{ name: fighterName(actor), level: system.level.value, maxLevel: system.level.max, ...(goodAt(actor, "initiative") ? { good: true } : {}) }] };
  });
  const rolls = Object.fromEntries(Object.entries((request.rolls ?? {}) as Record<string, unknown>).map(([team, value]) => [team, value === "true" ? true : value]));
  const rules: Record<string, unknown> = { teams, rolls };
  if (typeof request.previousHolder === "string") rules.previousHolder = request.previousHolder;
  // A critical success on initiative is only an extra action: there is no critical's choice to pass on.
  if (request.rerolls !== undefined) rules.rerolls = request.rerolls;
  if (request.order !== undefined) rules.order = typeof request.order === "string" ? request.order.split(",") : request.order;
  return rules;
}

function changes(outcome: Outcome, _actors: CardActors, request: Record<string, unknown>): CardChange[] {
  const combat = game.combats?.get(String(request.combat)) as Combat.Implementation | undefined;
  if (!combat) return [];
  const result = outcome.result as { winner: TeamId; order: TeamId[]; rolls: Array<{ team: string }> };
  // A team that rolled again in a roll-off has two rolls: each one's critical counts.
  const rollsOf = new Map<string, string[][]>();
  result.rolls.forEach(({ team }, index) => rollsOf.set(team, [...(rollsOf.get(team) ?? []), outcome.effects[index]?.statuses ?? []]));
  const budgets = [...rollsOf].flatMap(([team, rolls]) => budgetFromRolls(request, team, rolls));
  // Each combatant's initiative is her team's place counted from the last, so Foundry's order is the team order.
  const place = (team: TeamId) => result.order.length - result.order.indexOf(team);
  const combatants = combat.combatants.contents as Combatant.Implementation[];
  const initiatives: CardChange[] = combatants.map((combatant) => ({
    document: combatant,
    fields: { initiative: place(teamOf(combat, combatant)) },
    label: game.i18n!.localize("FRAY.Unhex.Card.TeamPlace"),
  }));
  // The roster's copy is what the tracker shows (Foundry's field is the player's to write).
  const shown: CardChange = { document: combat, fields: Object.fromEntries(combatants.map((c) => [rosterPath(c, "initiative"), place(teamOf(combat, c))])), label: game.i18n!.localize("FRAY.Unhex.Card.TeamPlace") };
  return [roundChange(combat, { round: Number(request.round), holder: result.winner, order: result.order }), ...budgets, shown, ...initiatives];
}

function context(card: CardData): Record<string, unknown> {
  const result = card.outcome && !card.outcome.awaiting ? (card.outcome.result as { winner: string; order: string[] }) : null;
  return {
    ...unhexCardContext(card, game.i18n!.format("FRAY.Unhex.Card.Title.initiative", { round: String(card.request.round ?? "") })),
    kind: card.kind,
    result: result ? game.i18n!.format("FRAY.Unhex.Card.OrderResult", { team: teamName(result.winner), order: result.order.map(teamName).join(" → ") }) : "",
  };
}

export const unhexInitiativeCard: CardKind = {
  id: "unhex.initiative",
  speaker: "fight",
  ruleset: "unhex",
  action: "initiative",
  template: templatePath("chat/unhex-card.hbs"),
  // The GM opens it; "lead" names any one roller so the engine has an opener she owns.
  opener: "lead",
  roles: ["lead", ...TEAMS],
  request: requestOf({ combat: combatId, round: whole("the round now", 1, 10_000), rollers: optional(byKey(text("a combatant's id"), "who rolls for each team (else its highest level)")) }),
  prepare: (raw, actors) => prepare(raw, actors),
  rulesRequest,
  changes,
  headline: unhexHeadline,
  context,
  activate: activateChoiceOdds,
};

