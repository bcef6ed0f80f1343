import { INITIATIVE_COSTS, type InitiativeSpend } from "../../../../rules/cavaliers/tables.js";
import type { CombatantButton, RulesetCombatRules } from "../../../combat/rules.js";
import { focusInitiative, rollCavaliersInitiative } from "./initiative.js";
import { cavaliersSystem } from "./roller.js";
import { spend, initiativePoints } from "./spend.js";
import { updateCombatants } from "../../../combat/combat.js";
import { FLAG_KEY, FLAG_SCOPE, GROUP_KEY, groupOf, hasBadFlags, placeThisRound, spentThisRound, stateOf } from "./state.js";
import { toggleGroup } from "./group.js";

const SPENDS: readonly InitiativeSpend[] = ["seize", "interpose", "reprise"];

/** The Queen's Cavaliers in the combat tracker: Initiative specialties, IP buys, Focus and shared rolls. */
export const cavaliersCombatRules: RulesetCombatRules = {
  rulesetId: "cavaliers",

  rollInitiative: (combat, combatants) => rollCavaliersInitiative(combat, combatants),

  compare(combat, a, b) {
    return placeThisRound(combat, a) - placeThisRound(combat, b);
  },

  view(combat, combatant) {
    const i18n = game.i18n!;
    const state = stateOf(combatant);
    const facts: string[] = [];
    const buttons: CombatantButton[] = [];
    if (groupOf(combatant)) facts.push(i18n.localize("FRAY.Combat.Grouped"));
    if (game.user?.isGM && !state) buttons.push({ action: "group", label: i18n.localize("FRAY.Combat.Group"), tooltip: i18n.localize("FRAY.Combat.GroupHint") });
    if (!state) return { facts, buttons };
    const ip = initiativePoints(combatant);
    facts.push(i18n.localize(`FRAY.Combat.Specialty.${state.specialty}`), i18n.format("FRAY.Combat.IP", { ip: String(ip) }));
    if (state.fromRound > combat.round) facts.push(i18n.format("FRAY.Combat.Waiting", { round: String(state.fromRound) }));
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

  async act(combat, combatant, action) {
    if (action === "focus") return focusInitiative(combat, combatant);
    if (action === "group") return toggleGroup(combat, combatant);
    const what = SPENDS.find((s) => s === action);
    if (what) return spend(combat, combatant, what);
  },

  hasBadState: hasBadFlags,

  async reset(combat, combatant) {
    await updateCombatants(combat, [{ _id: combatant.id, initiative: null, [`flags.${FLAG_SCOPE}.-=${FLAG_KEY}`]: null, [`flags.${FLAG_SCOPE}.-=${GROUP_KEY}`]: null }]);
  },

  /** Yield resets to 0 after a fight, for everyone who was in it. */
  async onCombatEnd(combat) {
    const actors = new Set(combat.combatants.map((c) => c.actor).filter((a): a is Actor.Implementation => cavaliersSystem(a) !== undefined));
    // Dotted paths built at run time (flag and system keys) are outside fvtt-types' typed update data.
    for (const actor of actors) if (actor.isOwner) await actor.update({ "system.yield.value": 0 } as never);
  },
};
