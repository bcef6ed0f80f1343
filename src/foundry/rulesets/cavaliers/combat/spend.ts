import { spendInitiative } from "../../../../rules/cavaliers/initiative.js";
import { INITIATIVE_COSTS, type InitiativeSpend } from "../../../../rules/cavaliers/tables.js";
import { actingIndex, hasBegun, roundOf } from "../../../combat/clock.js";
import { speakerFor } from "../../../cards/speaker.js";
import { keepingCurrentTurn } from "../../../combat/combat.js";
import { writeStates } from "../../../combat/store.js";
import { Refused } from "../../../relay/index.js";
import { rulesetOptions } from "../../../settings.js";
import { setInitiativePoints } from "./initiative.js";
import { type CavaliersCombatantState, placeThisRound, pointsOf, spentThisRound, STATE_KEY, stateOf } from "./state.js";

/** A combatant's Initiative Points: the GM's record of the fight, never her actor (which she may write). */
export const initiativePoints = pointsOf;

/** The place a Seize buys: just after whoever acts now by the GM's clock (first of all before the fight starts). */
function seizedPlace(combat: Combat.Implementation, combatant: Combatant.Implementation): number {
  const turns = combat.turns;
  const places = turns.map((c) => placeThisRound(combat, c));
  const acting = actingIndex(combat);
  if (!hasBegun(combat) || acting < 0) return Math.min(...places.filter(Number.isFinite)) - 1;
  const at = turns.findIndex((c) => c.id === combatant.id);
  if (at === acting) throw new Refused(game.i18n!.localize("FRAY.Combat.Refused.Acting"));
  if (at >= 0 && at < acting) throw new Refused(game.i18n!.localize("FRAY.Combat.Refused.Acted"));
  const now = places[acting]!;
  const next = places[acting + 1];
  return next === undefined || !Number.isFinite(next) ? now + 1 : (now + next) / 2;
}

/** The rules' refusals, said in the table's words (the rules would refuse the same, in English). */
function refuseInWords(state: CavaliersCombatantState, used: readonly InitiativeSpend[], what: InitiativeSpend, seizeOnce: boolean, ip: number): void {
  const i18n = game.i18n!;
  const name = i18n.localize(`FRAY.Combat.Spend.${what}`);
  if ((what !== "seize" || seizeOnce) && used.includes(what)) throw new Refused(i18n.format("FRAY.Combat.Refused.Once", { what: name }));
  const cost = INITIATIVE_COSTS[state.specialty][what];
  if (cost > ip) throw new Refused(i18n.format("FRAY.Combat.Refused.Short", { what: name, cost: String(cost), ip: String(ip), specialty: i18n.localize(`FRAY.Combat.Specialty.${state.specialty}`) }));
}

/** A buy the rules allow now: the state it starts from, what it leaves, and the state to write. */
export interface CheckedSpend {
  combatant: Combatant.Implementation;
  what: InitiativeSpend;
  state: CavaliersCombatantState;
  used: InitiativeSpend[];
  after: ReturnType<typeof spendInitiative>;
  next: CavaliersCombatantState;
}

/**
 * Checks a buy of Seize, Interpose or Reprise with the combatant's IP at its specialty's cost, by
 * the GM's clock: the rules refuse a second buy in a round (Seize by the house setting) and a cost
 * above the IP left; a Reprise from the tracker stands for "my attack just failed". Writes nothing.
 */
export function checkSpend(combat: Combat.Implementation, combatant: Combatant.Implementation, what: InitiativeSpend): CheckedSpend {
  const state = stateOf(combatant);
  if (!state) throw new Refused(game.i18n!.localize("FRAY.Combat.NotRolled"));
  const used = spentThisRound(combat, state);
  const seizeOnce = rulesetOptions("cavaliers").seizeOncePerRound !== false;
  refuseInWords(state, used, what, seizeOnce, initiativePoints(combatant));
  const after = spendInitiative({ specialty: state.specialty, initiativePoints: initiativePoints(combatant), usedThisRound: used }, what, seizeOnce, { attackFailed: true });
  const next: CavaliersCombatantState = { ...state, spent: { round: roundOf(combat), spends: [...after.usedThisRound] } };
  return { combatant, what, state, used, after, next };
}

/**
 * Writes a checked buy (on the active GM): the IP left, the state (with `extra`, more of the
 * Combat's GM-owned flags written in the same step), and the chat line; `effect` says what it did.
 * A group's IP are one pool; what is bought applies to the member clicked.
 */
export async function recordSpend(combat: Combat.Implementation, bought: CheckedSpend, extra?: () => Promise<void>, effect?: string): Promise<void> {
  const { combatant, state, after, next, what } = bought;
  const members = state.group ? combat.combatants.filter((c) => stateOf(c)?.group === state.group) : [combatant];
  await keepingCurrentTurn(combat, async () => {
    await setInitiativePoints(combat, members, after.initiativePoints);
    await writeStates(combat, STATE_KEY, { [combatant.id!]: next });
    await extra?.();
  });
  const i18n = game.i18n!;
  const line = i18n.format("FRAY.Combat.Spent", { name: Handlebars.escapeExpression(combatant.name ?? ""), what: i18n.localize(`FRAY.Combat.Spend.${what}`), cost: String(after.cost), left: String(after.initiativePoints) });
  await ChatMessage.create({ speaker: speakerFor(combatant.actor, combatant.token as TokenDocument.Implementation | null), content: effect ? `${line} ${effect}` : line });
}

/** Buys Seize or Reprise (Interpose, which does something, is interpose.ts's). */
export async function spend(combat: Combat.Implementation, combatant: Combatant.Implementation, what: InitiativeSpend): Promise<void> {
  const bought = checkSpend(combat, combatant, what);
  if (what === "seize") bought.next.seized = { round: roundOf(combat), place: seizedPlace(combat, combatant) };
  await recordSpend(combat, bought);
}
