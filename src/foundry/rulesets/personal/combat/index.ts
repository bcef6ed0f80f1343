import type { CombatantButton, RulesetCombatRules } from "../../../combat/rules.js";
import { keepingCurrentTurn, updateCombatants } from "../../../combat/combat.js";
import { writeStates } from "../../../combat/store.js";
import { INITIATIVE } from "../../../combat/requests.js";
import { openTurnPlanner } from "../ui/turn-planner.js";
import { askDelay } from "./delay-dialog.js";
import { initiativeRequest, rollAndWrite, runInitiative } from "./initiative.js";
import { delayTargets, delayTurn, goBefore, tiedPcBefore } from "./order.js";
import { actingCombatant, hasBegun } from "../../../combat/clock.js";
import { hasBadState, orderOf, STATE_KEY, stateOf } from "./state.js";
import { personalFighter } from "./fighter.js";

const i18n = () => game.i18n!;

/** Their scores and places are forgotten: each is scored again (a PC rolls). */
async function clearScores(combat: Combat.Implementation, combatants: Combatant.Implementation[]): Promise<void> {
  await keepingCurrentTurn(combat, async () => {
    await writeStates(combat, STATE_KEY, Object.fromEntries(combatants.map((c) => [c.id!, null])));
    await updateCombatants(combat, combatants.map((c) => ({ _id: c.id, initiative: null })));
  });
}

/**
 * Personal Combat in the combat tracker: Initiative (PCs roll, NPCs take rank + 3 or + 6), the
 * players' order among tied PCs, Delay at the start of a turn, and the turn planner on the acting
 * combatant's row.
 */
export const personalCombatRules: RulesetCombatRules = {
  rulesetId: "personal",
  fighter: personalFighter,
  actions: ["delay", "goBefore"],

  async choose(combat, combatants, action) {
    if (action === "delay") return askDelay(combat, combatants[0]!);
    // The planner is the player's own: it opens here and declares the turn on a card; the GM is not asked.
    if (action === "planTurn") {
      if (combatants[0]?.actor) await openTurnPlanner(combatants[0].actor);
      return null;
    }
    return {};
  },

  dice(combat, combatants, action) {
    if (action !== INITIATIVE) return null;
    const request = initiativeRequest(combat, combatants);
    return (tray) => runInitiative(request, tray);
  },

  async rollInitiative(combat, combatants, ask) {
    await rollAndWrite(combat, combatants, ask.dice, ask.tray(), ask.asker);
  },

  order: orderOf,

  view(combat, combatant) {
    const state = stateOf(combatant);
    if (!state) return { facts: [], buttons: [] };
    const how = state.pc ? i18n().format("FRAY.Personal.Tracker.PcScore", { face: String(state.face), rank: String(state.rank) }) : i18n().format("FRAY.Personal.Tracker.NpcScore", { rank: String(state.rank), bonus: String(state.score - state.rank) });
    const facts = [i18n().format("FRAY.Personal.Tracker.Score", { score: String(state.score), how })];
    const buttons: CombatantButton[] = [];
    const tied = tiedPcBefore(combat, combatant);
    if (tied) buttons.push({ action: "goBefore", label: i18n().format("FRAY.Personal.Tracker.GoBefore", { name: tied.name ?? "" }), tooltip: i18n().localize("FRAY.Personal.Tracker.GoBeforeHint") });
    if (hasBegun(combat) && actingCombatant(combat)?.id === combatant.id) {
      buttons.push({ action: "planTurn", label: i18n().localize("FRAY.Personal.Ui.PlanTurn") });
      const later = delayTargets(combat, combatant);
      buttons.push({ action: "delay", label: i18n().localize("FRAY.Personal.Tracker.Delay"), tooltip: i18n().localize(later.length ? "FRAY.Personal.Tracker.DelayHint" : "FRAY.Personal.Tracker.NoOneLater"), disabled: later.length === 0 });
    }
    return { facts, buttons };
  },

  async act(combat, combatant, action, ask) {
    if (action === "delay") return delayTurn(combat, combatant, ask.choice, ask.asker);
    if (action === "goBefore") return goBefore(combat, combatant);
  },

  hasBadState,

  reset: (combat, combatant) => clearScores(combat, [combatant]),

  clearInitiative: clearScores,
};
