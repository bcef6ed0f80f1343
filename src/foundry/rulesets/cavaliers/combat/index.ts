import { INITIATIVE_COSTS, type InitiativeSpend } from "../../../../rules/cavaliers/tables.js";
import type { CombatantButton, RulesetCombatRules } from "../../../combat/rules.js";
import { keepingCurrentTurn, updateCombatants } from "../../../combat/combat.js";
import { writeStates } from "../../../combat/store.js";
import { mayShare, toggleGroup } from "./group.js";
import { interpose } from "./interpose.js";
import { HOLD_KEY, heldThisRound } from "./hold.js";
import { chooseInterpose } from "./interpose-dialog.js";
import { chooseInitiative, planFocus, planInitiative, writePlan } from "./initiative.js";
import { postEndOfCombat } from "../cards/endCombat.js";
import { initiativePoints, spend } from "./spend.js";
import { roundOf } from "../../../combat/clock.js";
import { Refused } from "../../../relay/index.js";
import { GROUP_KEY, groupOf, hasBadState, orderOf, spentThisRound, STATE_KEY, stateOf } from "./state.js";
import { cavaliersFighter } from "./fighter.js";

const SPENDS: readonly InitiativeSpend[] = ["seize", "interpose", "reprise"];

/** The Queen's Cavaliers in the combat tracker: Initiative specialties, IP buys, Focus and shared rolls. */
export const cavaliersCombatRules: RulesetCombatRules = {
  rulesetId: "cavaliers",
  fighter: cavaliersFighter,
  actions: [...SPENDS, "focus", "group"],
  gmActions: ["group"],

  choose(combat, combatants, action) {
    if (action === "initiative") return chooseInitiative(combat, combatants);
    // An Interpose does something: the player picks the attack she takes or the opponent she holds.
    if (action === "interpose") return chooseInterpose(combat, combatants[0]!);
    return Promise.resolve({});
  },

  dice(combat, combatants, action, choice, user) {
    if (action === "initiative") return (tray) => planInitiative(combat, combatants, choice, user.isGM, tray);
    if (action === "focus") return (tray) => planFocus(combat, combatants[0]!, tray);
    return null;
  },

  async rollInitiative(combat, combatants, ask) {
    // A player rolls once (Focus is her roll again); only a GM rolls anyone again.
    const rolled = ask.asker.isGM ? undefined : combatants.find((c) => stateOf(c));
    if (rolled) throw new Refused(game.i18n!.format("FRAY.Combat.Refused.Rolled", { name: rolled.name ?? "" }));
    await writePlan(combat, planInitiative(combat, combatants, ask.choice, ask.asker.isGM, ask.tray()), ask.dice);
  },

  order: orderOf,

  view(combat, combatant) {
    const i18n = game.i18n!;
    const state = stateOf(combatant);
    const facts: string[] = [];
    const buttons: CombatantButton[] = [];
    if (groupOf(combatant)) facts.push(i18n.localize("FRAY.Combat.Grouped"));
    if (heldThisRound(combat, combatant)) facts.push(i18n.localize("FRAY.Combat.Interpose.HeldFact"));
    // Only a row that may share shows the button (the GM's act still refuses any other: a forged click).
    if (game.user?.isGM && !state && mayShare(combat, combatant)) buttons.push({ action: "group", label: i18n.localize("FRAY.Combat.Group"), tooltip: i18n.localize("FRAY.Combat.GroupHint") });
    if (!state) return { facts, buttons };
    const ip = initiativePoints(combatant);
    facts.push(i18n.localize(`FRAY.Combat.Specialty.${state.specialty}`), i18n.format("FRAY.Combat.IP", { ip: String(ip) }));
    if (state.fromRound > roundOf(combat)) facts.push(i18n.format("FRAY.Combat.Waiting", { round: String(state.fromRound) }));
    const used = spentThisRound(combat, state);
    for (const what of SPENDS) {
      const cost = INITIATIVE_COSTS[state.specialty][what];
      const label = i18n.format("FRAY.Combat.SpendButton", { what: i18n.localize(`FRAY.Combat.Spend.${what}`), cost: String(cost) });
      const why = used.includes(what) ? i18n.localize("FRAY.Combat.UsedThisRound") : cost > ip ? i18n.format("FRAY.Combat.Short", { cost: String(cost), ip: String(ip) }) : undefined;
      buttons.push({ action: what, label, tooltip: why ?? i18n.localize(`FRAY.Combat.SpendHint.${what}`), disabled: false });
    }
    buttons.push({ action: "focus", label: i18n.localize("FRAY.Combat.Focus"), tooltip: i18n.localize("FRAY.Combat.FocusHint") });
    return { facts, buttons };
  },

  async act(combat, combatant, action, ask) {
    if (action === "focus") return writePlan(combat, planFocus(combat, combatant, ask.tray()), ask.dice, true);
    if (action === "group") return toggleGroup(combat, combatant);
    if (action === "interpose") return interpose(combat, combatant, ask.choice);
    const what = SPENDS.find((s) => s === action);
    if (what) return spend(combat, combatant, what);
  },

  hasBadState,

  async reset(combat, combatant) {
    await keepingCurrentTurn(combat, async () => {
      await writeStates(combat, STATE_KEY, { [combatant.id!]: null });
      await writeStates(combat, GROUP_KEY, { [combatant.id!]: null });
      await writeStates(combat, HOLD_KEY, { [combatant.id!]: null });
      await updateCombatants(combat, [{ _id: combatant.id, initiative: null }]);
    });
  },

  /** Their places are forgotten (a shared roll stays grouped): each rolls Initiative again. */
  async clearInitiative(combat, combatants) {
    await keepingCurrentTurn(combat, async () => {
      await writeStates(combat, STATE_KEY, Object.fromEntries(combatants.map((c) => [c.id!, null])));
      await updateCombatants(combat, combatants.map((c) => ({ _id: c.id, initiative: null })));
    });
  },

  /** The GM who ends a fight posts its end: Yield back to 0, each Dying NPC's fate (cards/endCombat.ts). */
  async onCombatEnd(combat) {
    if (game.user?.isGM) await postEndOfCombat(combat);
  },
};
