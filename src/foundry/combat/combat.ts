import { loadRuleset } from "../rulesets/loading.js";
import { activeRulesetId } from "../settings.js";
import { requestInitiative } from "./requests.js";
import { combatRulesFor, type RulesetCombatRules, type TurnStep } from "./rules.js";

/**
 * The world's ruleset's tracker rules; undefined leaves Foundry's own initiative in charge. Before
 * the ruleset's chunk arrives this is undefined too: what must not run without the rules awaits
 * `arrivedCombatRules` instead.
 */
export function activeCombatRules(): RulesetCombatRules | undefined {
  return combatRulesFor(activeRulesetId());
}

/** The world's ruleset's tracker rules once its chunk has arrived (undefined if it has none or cannot be fetched). */
export async function arrivedCombatRules(): Promise<RulesetCombatRules | undefined> {
  await loadRuleset(activeRulesetId()).catch(() => undefined);
  return activeCombatRules();
}

/** Shows a refusal (a rules error or a plain message) to the user; nothing was changed. */
export function report(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  ui.notifications?.warn(message);
}

/** Says that the world's game has no initiative rules in Fray yet; nothing is rolled. */
function notBuiltYet(): void {
  const i18n = game.i18n!;
  const name = i18n.localize(`FRAY.Setting.ruleset.Choices.${activeRulesetId()}`);
  ui.notifications?.info(i18n.format("FRAY.Combat.NotBuilt", { game: name }));
}

/**
 * Fray's Combat: initiative and turn order come from the active ruleset's tracker rules. A ruleset
 * without them yet says so instead of rolling another game's initiative.
 */
export class FrayCombat extends Combat {
  // Foundry's roll buttons (a row's, Roll All, Roll NPCs) call this on the clicking user's client: the
  // roll is a request the active GM serves (requests.ts), since the order is the GM's to write.
  override async rollInitiative(ids: string | string[], _options: Combat.InitiativeOptions = {}): Promise<this> {
    if (!(await arrivedCombatRules())) {
      notBuiltYet();
      return this;
    }
    const wanted = typeof ids === "string" ? [ids] : ids;
    const combatants = wanted.map((id) => this.combatants.get(id)).filter((c): c is Combatant.Implementation => c !== undefined);
    try {
      await requestInitiative(this, combatants);
    } catch (error) {
      report(error);
    }
    return this;
  }

  // Foundry's turn controls call these on the clicking user's client; a ruleset whose round is made of
  // phases (rules.advance) takes them, and anything it does not take is Foundry's.
  override async nextTurn(): Promise<this> {
    return (await this.#advance("nextTurn")) ? this : ((await super.nextTurn()) ?? this);
  }

  override async previousTurn(): Promise<this> {
    return (await this.#advance("previousTurn")) ? this : ((await super.previousTurn()) ?? this);
  }

  override async nextRound(): Promise<this> {
    return (await this.#advance("nextRound")) ? this : ((await super.nextRound()) ?? this);
  }

  override async previousRound(): Promise<this> {
    return (await this.#advance("previousRound")) ? this : ((await super.previousRound()) ?? this);
  }

  async #advance(step: TurnStep): Promise<boolean> {
    const rules = await arrivedCombatRules();
    if (!rules?.advance) return false;
    try {
      return await rules.advance(this, step);
    } catch (error) {
      report(error);
      return true;
    }
  }

  // Foundry sorts with `this.combatants.contents.sort(this._sortCombatants)`: the method runs without
  // `this`, so the combat is read from the combatants themselves.
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const combat = a.combat ?? b.combat;
    const rules = activeCombatRules();
    return (combat && rules?.compare(combat, a, b)) || super._sortCombatants(a, b);
  }

  // A new round can change the order (a Seize ends, a late joiner enters), and so can the ruleset's
  // tracker state in the Combat's flags (a Delay). The turns are sorted again before Foundry's _onUpdate
  // compares the turn before and after the update; the state it compares (`current`) is left for it
  // to record, or it would see no change and fire no turn events.
  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    const [changed] = args;
    if ("round" in changed || foundry.utils.hasProperty(changed, "flags.fray")) this.turns = this.combatants.contents.sort(this._sortCombatants);
    super._onUpdate(...args);
  }

  protected override _onDelete(...args: Parameters<Combat["_onDelete"]>): void {
    super._onDelete(...args);
    const [, userId] = args;
    if (userId !== game.user?.id) return;
    void arrivedCombatRules()
      .then((rules) => rules?.onCombatEnd?.(this))
      .catch(report);
  }
}

/**
 * Runs a change that may reorder the combatants, then points the turn back at whoever was acting,
 * so reordering never hands the turn to someone else.
 */
export async function keepingCurrentTurn(combat: Combat.Implementation, change: () => Promise<void>): Promise<void> {
  const acting = combat.combatant?.id;
  await change();
  combat.setupTurns();
  if (!acting || combat.turn === null) return;
  const index = combat.turns.findIndex((c) => c.id === acting);
  // The same combatant keeps acting: no turn ended or began.
  if (index >= 0 && index !== combat.turn) await combat.update({ turn: index }, { turnEvents: false });
}

/**
 * Updates combatants whose changes may reorder the turns. Foundry keeps the acting combatant's turn
 * across such an update only when it guesses so itself; saying `turnEvents: false` makes sure a
 * reorder never reads as a turn ending and another beginning (nor twice, with keepingCurrentTurn).
 */
export async function updateCombatants(combat: Combat.Implementation, updates: Record<string, unknown>[]): Promise<void> {
  // Dotted paths built at run time (flag and system keys) are outside fvtt-types' typed update data.
  await combat.updateEmbeddedDocuments("Combatant", updates as never, { turnEvents: false });
}
