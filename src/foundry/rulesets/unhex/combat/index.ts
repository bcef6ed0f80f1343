/**
 * Unhex in the combat tracker: team initiative (each round's card, opened on the active GM when
 * anyone with a combatant rolls), team turns as the tracker's order, each combatant's team and her
 * one action this round on her row (with a critical's extra or lost action), a button to spend it
 * on something no card records, the GM's team change, and the GM's end of the fight once the rules'
 * end-of-combat test says one team (or none) is left standing (end.ts). All state is in the
 * Combat's flags (state.ts), which only the GM writes.
 */
import { spendAction } from "../../../../rules/unhex/budget.js";
import { hasBegun, roundOf } from "../../../combat/clock.js";
import { keepingCurrentTurn, updateCombatants } from "../../../combat/combat.js";
import type { CombatantButton, RulesetCombatRules } from "../../../combat/rules.js";
import { writeStates } from "../../../combat/store.js";
import { openCardAsGm, postServedCard } from "../../../cards/index.js";
import { cardOf } from "../../../cards/model.js";
import { Refused } from "../../../relay/index.js";
import { teamsOf } from "../cards/initiative.js";
import { combatEndOf, combatEndRequest } from "./end.js";
import { BUDGET_KEY, budgetChange, budgetOf, initiativeRound, orderOf, roundState, storedStateReadable, TEAMS, teamOf, teamUpdate } from "./state.js";
import { unhexFighter } from "./fighter.js";
import { writeCombat } from "../../../combat/write.js";

const i18n = () => game.i18n!;
const refuse = (key: string, data?: Record<string, string>): never => {
  throw new Refused(data ? i18n().format(`FRAY.Unhex.Refused.${key}`, data) : i18n().localize(`FRAY.Unhex.Refused.${key}`));
};

/**
 * On the active GM: the fight ends only when the rules' test says so (one team left standing, or the
 * objective she set met, which only she can say); its card shows why.
 */
async function endFight(combat: Combat.Implementation, asker: User.Implementation, objectiveMet = false): Promise<void> {
  if (!combatEndOf(combat, objectiveMet).over) refuse("FightGoesOn");
  await postServedCard("unhex.combat-end", {}, { rules: combatEndRequest(combat, objectiveMet) }, [], asker);
  await combat.delete();
}

/** The round's initiative card, open or applied, if one was posted for this combat and round. */
function roundCard(combat: Combat.Implementation): ChatMessage.Implementation | undefined {
  return game.messages?.contents.findLast((message) => {
    const card = message.author?.isGM ? cardOf(message) : null;
    return card?.kind === "unhex.initiative" && card.request.combat === combat.id && card.request.round === initiativeRound(combat) && card.state !== "undone";
  }) as ChatMessage.Implementation | undefined;
}

/** On the active GM: the round's initiative card, each team's highest-level character named to roll. */
async function openInitiative(combat: Combat.Implementation): Promise<void> {
  const round = initiativeRound(combat);
  if (roundState(combat).round === round || roundCard(combat)) refuse("InitiativeRolled", { round: String(round) });
  const teams = teamsOf(combat);
  if (teams.size < 2) refuse("OneTeam");
  const refs: Record<string, { actor: string; token?: string }> = {};
  const rollers: Record<string, string> = {};
  for (const [team, [top]] of teams) {
    const token = top!.token;
    refs[team] = { actor: top!.actor!.uuid, ...(token ? { token: token.uuid } : {}) };
    rollers[team] = top!.id!;
  }
  refs.lead = refs[[...teams.keys()][0]!]!;
  await openCardAsGm({ kind: "unhex.initiative", refs, request: { combat: combat.id, round, rollers } });
}

function budgetFacts(combat: Combat.Implementation, combatant: Combatant.Implementation): string[] {
  const budget = budgetOf(combat, combatant);
  const facts = [i18n().format(budget.available === 0 ? "FRAY.Unhex.Combat.Spent" : budget.available === 1 ? "FRAY.Unhex.Combat.OneAction" : "FRAY.Unhex.Combat.Actions", { n: String(budget.available) })];
  if (budget.owed > 0) facts.push(i18n().format("FRAY.Unhex.Combat.Owed", { n: String(budget.owed) }));
  return facts;
}

export const unhexCombatRules: RulesetCombatRules = {
  rulesetId: "unhex",
  fighter: unhexFighter,
  actions: ["roundInitiative", "spend", "team", "end", "objective"],
  gmActions: ["team", "end", "objective"],

  async rollInitiative(combat) {
    await openInitiative(combat);
  },

  order: orderOf,

  view(combat, combatant) {
    const team = teamOf(combat, combatant);
    const state = roundState(combat);
    const place = state.round === initiativeRound(combat) ? state.order.indexOf(team) : -1;
    const facts = [place >= 0 ? i18n().format("FRAY.Unhex.Combat.TeamTurn", { team: i18n().localize(`FRAY.Unhex.Team.${team}`), n: String(place + 1) }) : i18n().localize(`FRAY.Unhex.Team.${team}`)];
    if (hasBegun(combat)) facts.push(...budgetFacts(combat, combatant));
    const buttons: CombatantButton[] = [];
    // From round 2 on every row has last round's place, so Foundry's d20 is gone: each team's roller gets the round's roll here.
    if (hasBegun(combat) && state.round !== roundOf(combat) && !roundCard(combat) && [...teamsOf(combat).values()].some(([top]) => top?.id === combatant.id)) {
      buttons.push({ action: "roundInitiative", label: i18n().format("FRAY.Unhex.Combat.RollRound", { round: String(roundOf(combat)) }), tooltip: i18n().localize("FRAY.Unhex.Combat.RollRoundHint") });
    }
    if (hasBegun(combat)) {
      const spent = budgetOf(combat, combatant).available < 1;
      buttons.push({ action: "spend", label: i18n().localize("FRAY.Unhex.Combat.Spend"), tooltip: spent ? i18n().localize("FRAY.Unhex.Combat.NothingToSpend") : i18n().format("FRAY.Unhex.Combat.SpendHint", { name: combatant.name ?? "" }), disabled: spent });
    }
    if (game.user?.isGM) {
      const next = TEAMS[(TEAMS.indexOf(team) + 1) % TEAMS.length]!;
      buttons.push({ action: "team", label: i18n().localize("FRAY.Unhex.Combat.Team"), tooltip: i18n().format("FRAY.Unhex.Combat.TeamHint", { name: combatant.name ?? "", team: i18n().localize(`FRAY.Unhex.Team.${next}`) }) });
      // Offered once, on the first row, when one team (or none) is left standing.
      if (hasBegun(combat) && combat.turns[0]?.id === combatant.id) {
        if (combatEndOf(combat).over) buttons.push({ action: "end", label: i18n().localize("FRAY.Unhex.Combat.End"), tooltip: i18n().localize("FRAY.Unhex.Combat.EndHint") });
        // The other way a fight ends (Rounds): an objective the GM set is met, which only she can tell.
        else buttons.push({ action: "objective", label: i18n().localize("FRAY.Unhex.Combat.Objective"), tooltip: i18n().localize("FRAY.Unhex.Combat.ObjectiveHint") });
      }
    }
    return { facts, buttons };
  },

  async act(combat, combatant, action, ask) {
    if (action === "roundInitiative") return openInitiative(combat);
    if (action === "spend") {
      let budget = budgetOf(combat, combatant);
      try {
        budget = spendAction(budget);
      } catch {
        refuse("NoActionLeft", { name: combatant.name ?? "" });
      }
      await writeCombat(combat, budgetChange(combat, combatant, budget).fields, { turnEvents: false });
      return;
    }
    if (action === "team") {
      const next = TEAMS[(TEAMS.indexOf(teamOf(combat, combatant)) + 1) % TEAMS.length]!;
      await keepingCurrentTurn(combat, async () => {
        await writeCombat(combat, teamUpdate(combatant, next), { turnEvents: false });
      });
      return;
    }
    if (action === "end") await endFight(combat, ask.asker);
    if (action === "objective") await endFight(combat, ask.asker, true);
  },

  hasBadState(combatant) {
    const combat = combatant.combat as Combat.Implementation | null;
    return combat ? !storedStateReadable(combat, combatant) : false;
  },

  async reset(combat, combatant) {
    await keepingCurrentTurn(combat, async () => {
      await writeStates(combat, BUDGET_KEY, { [combatant.id!]: null });
      await updateCombatants(combat, [{ _id: combatant.id, initiative: null }]);
    });
  },
};
