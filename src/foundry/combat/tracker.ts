import { templatePath } from "../system.js";
import { arrivedCombatRules, activeCombatRules } from "./active.js";
import { report } from "./combat.js";
import { requestAction, requestClear, requestReset } from "./requests.js";
import { initiativeOf } from "./roster.js";
import { oddsContext, postOdds, weighFight } from "./odds/control.js";
import type { CombatantView, RulesetCombatRules } from "./rules.js";

const { CombatTracker } = foundry.applications.sidebar.tabs;

// The tracker's `viewed` is typed as the stored base Combat, which fvtt-types cannot relate to the
// configured class once it overrides a protected method; CONFIG.Combat.documentClass is FrayCombat.
const asFray = (combat: Combat.Stored) => combat as unknown as Combat.Implementation;
// The same for a row's combatant: FrayCombatant overrides a protected method (_preUpdate).
const asFrayCombatant = (combatant: Combatant.Stored) => combatant as unknown as Combatant.Implementation;

/** A turn's row in the tracker: Foundry's own context plus what the ruleset shows for it. */
export type FrayTurnContext = foundry.applications.sidebar.tabs.CombatTracker.TurnContext & { fray?: CombatantView };

/**
 * One row's ruleset line. A row whose stored state the ruleset cannot read, or whose view fails,
 * shows an error in its own row; it never stops the other rows from rendering.
 */
function rowView(rules: RulesetCombatRules, combat: Combat.Implementation, combatant: Combatant.Implementation): CombatantView {
  const problem = (): CombatantView => ({ facts: [], buttons: [], problem: game.i18n!.localize(game.user?.isGM ? "FRAY.Combat.BadState.Gm" : "FRAY.Combat.BadState.Player") });
  try {
    if (rules.hasBadState(combatant)) return problem();
    const view = rules.view(combat, combatant);
    return combatant.isOwner ? view : { facts: view.facts, buttons: [] };
  } catch (error) {
    console.error(`Fray | the tracker row of combatant ${combatant.id ?? ""} failed`, error);
    return problem();
  }
}

/** The rows grouped under the ruleset's phases; in an active phase every row is marked active. */
function phasesOf(rules: RulesetCombatRules, combat: Combat.Implementation, turns: readonly FrayTurnContext[]) {
  return rules.phases!(combat).map((phase) => ({
    ...phase,
    turns: phase.combatantIds.flatMap((id) => turns.filter((turn) => turn.id === id)).map((turn) => ({ ...turn, css: [String(turn.css ?? "").replace(/\bactive\b/g, ""), phase.active ? "active" : ""].filter(Boolean).join(" ").trim() })),
  }));
}

/**
 * The combat tracker with each combatant's ruleset state and buttons under its row. The rows come
 * from Fray's own tracker part (the controls and actions of Foundry's rows, plus the ruleset's
 * line); the header and footer stay Foundry's.
 */
export class FrayCombatTracker extends CombatTracker {
  static override DEFAULT_OPTIONS = {
    actions: { frayCombatant: FrayCombatTracker.#onRulesetAction, frayReset: FrayCombatTracker.#onReset, frayOdds: FrayCombatTracker.#onOdds, frayOddsPost: FrayCombatTracker.#onOddsPost },
  };

  // The parent declares PARTS as a plain record; the tracker part is replaced, and the GM's odds go between the rows and the footer.
  static override PARTS = (() => {
    const { header, footer, ...rest } = (CombatTracker as unknown as { PARTS: Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart> }).PARTS;
    return { header: header!, ...rest, tracker: { template: templatePath("combat/tracker.hbs"), scrollable: [""] }, frayOdds: { template: templatePath("combat/odds.hbs") }, footer: footer! };
  })();

  protected override async _preparePartContext(partId: string, context: foundry.applications.sidebar.tabs.CombatTracker.RenderContext, options: foundry.applications.sidebar.tabs.CombatTracker.RenderOptions) {
    const prepared = await super._preparePartContext(partId, context, options);
    if (partId === "frayOdds") Object.assign(prepared, { frayOdds: oddsContext(this.viewed ? asFray(this.viewed) : null) });
    return prepared;
  }

  // v13 gives a player the turn controls only when the turn's one combatant is hers. A round of
  // phases acts a whole side at once: every player with a combatant in the active phase may End Turn
  // (her characters declare nothing more), which the ruleset's advance sends to the GM as a request;
  // in a phase where none of hers acts she has none, whoever the clock's combatant is.
  protected override async _prepareCombatContext(context: foundry.applications.sidebar.tabs.CombatTracker.RenderContext, options: foundry.applications.sidebar.tabs.CombatTracker.RenderOptions) {
    const prepared = await super._prepareCombatContext(context, options);
    const rules = await arrivedCombatRules();
    const combat = this.viewed;
    if (!rules?.phases || !combat || game.user?.isGM || !combat.started) return prepared;
    const active = rules.phases(asFray(combat)).find((phase) => phase.active);
    Object.assign(context, { control: !!active?.combatantIds.some((id) => combat.combatants.get(id)?.isOwner) });
    return prepared;
  }

  // Foundry puts the roll icon in the header's context; the rows need it even when only they re-render.
  protected override async _prepareTrackerContext(context: foundry.applications.sidebar.tabs.CombatTracker.RenderContext, options: foundry.applications.sidebar.tabs.CombatTracker.RenderOptions) {
    const prepared = await super._prepareTrackerContext(context, options);
    // fvtt-types 13.345 does not declare CONFIG.Combat.initiativeIcon, which Foundry v13 ships (client/config.mjs).
    Object.assign(context, { initiativeIcon: (CONFIG.Combat as { initiativeIcon?: { icon: string; hover: string } }).initiativeIcon });
    const rules = await arrivedCombatRules();
    const combat = this.viewed;
    if (rules?.phases && combat) Object.assign(context, { frayPhases: phasesOf(rules, asFray(combat), (context as { turns?: FrayTurnContext[] }).turns ?? []) });
    return prepared;
  }

  // The row shows the initiative the ruleset gave (the roster's), never the field a player may write.
  protected override async _prepareTurnContext(combat: Combat.Stored, combatant: Combatant.Stored, index: number): Promise<FrayTurnContext> {
    const turn: FrayTurnContext = await super._prepareTurnContext(combat, combatant, index);
    const rules = await arrivedCombatRules();
    if (!rules) return turn;
    const initiative = initiativeOf(asFray(combat), asFrayCombatant(combatant));
    Object.assign(turn, { initiative, hasDecimals: initiative !== null && !Number.isInteger(initiative) });
    turn.fray = rowView(rules, asFray(combat), asFrayCombatant(combatant));
    if (turn.fray.problem) turn.css = [turn.css, "fray-problem"].filter(Boolean).join(" ");
    return turn;
  }

  // Foundry's Clear Initiative writes the field and leaves the ruleset's state: the ruleset clears it,
  // or, where it has no such step, the entry is not offered. Reroll already goes through Fray's roll.
  protected override _getEntryContextOptions(): ReturnType<foundry.applications.sidebar.tabs.CombatTracker["_getEntryContextOptions"]> {
    const entries = super._getEntryContextOptions();
    const rules = activeCombatRules();
    if (!rules) return entries;
    const combatantOf = (li: HTMLElement) => (li.dataset.combatantId ? this.viewed?.combatants.get(li.dataset.combatantId) : undefined);
    return entries.flatMap((entry) => {
      if (entry.name !== "COMBAT.CombatantClear") return [entry];
      if (!rules.clearInitiative) return [];
      return [
        {
          ...entry,
          condition: (li: HTMLElement) => {
            const combatant = combatantOf(li);
            return !!game.user?.isGM && !!combatant && !!this.viewed && initiativeOf(asFray(this.viewed), combatant) !== null;
          },
          // ContextMenu ignores what a callback returns; the work is returned for tests to await.
          callback: (li: HTMLElement) => {
            const combatant = combatantOf(li);
            return combatant && this.viewed ? requestClear(asFray(this.viewed), [combatant]).catch(report) : undefined;
          },
        },
      ];
    });
  }

  // Reset Initiative calls FrayCombat#resetAll (the ruleset's clear); hidden where the ruleset has none.
  protected override _getCombatContextOptions(): ReturnType<foundry.applications.sidebar.tabs.CombatTracker["_getCombatContextOptions"]> {
    const entries = super._getCombatContextOptions();
    const rules = activeCombatRules();
    return rules && !rules.clearInitiative ? entries.filter((entry) => entry.name !== "COMBAT.InitiativeReset") : entries;
  }

  /** The combatant a row control belongs to. */
  #combatantOf(target: HTMLElement): Combatant.Implementation | undefined {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    return id ? this.viewed?.combatants.get(id) : undefined;
  }

  /** A ruleset button: `data-fray-action` names the ruleset's action, the row names the combatant. */
  static async #onRulesetAction(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = this.viewed;
    const combatant = this.#combatantOf(target);
    const action = target.dataset.frayAction;
    if (!combat || !combatant || !action) return;
    try {
      await requestAction(asFray(combat), combatant, action);
    } catch (error) {
      report(error);
    }
  }

  /** The GM's "Odds of this fight": weighs the viewed combat as it stands and draws the answer under the rows. */
  static async #onOdds(this: FrayCombatTracker): Promise<void> {
    await this.#onViewed((combat) => weighFight(combat, () => this.render({ parts: ["frayOdds"] })));
  }

  /** The GM's Post to chat of the answer she sees. */
  static async #onOddsPost(this: FrayCombatTracker): Promise<void> {
    await this.#onViewed(postOdds);
  }

  /** A step on the viewed combat, its refusal said to the clicker. */
  async #onViewed(step: (combat: Combat.Implementation) => Promise<void>): Promise<void> {
    const combat = this.viewed;
    if (!combat) return;
    try {
      await step(asFray(combat));
    } catch (error) {
      report(error);
    }
  }

  /** The GM's reset of a row whose stored state cannot be read. */
  static async #onReset(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = this.viewed;
    const combatant = this.#combatantOf(target);
    if (!combat || !combatant) return;
    try {
      if (!game.user?.isGM) throw new Error(game.i18n!.localize("FRAY.Combat.Refused.ResetGm"));
      await requestReset(asFray(combat), combatant);
    } catch (error) {
      report(error);
    }
  }
}
