/**
 * Combat and Combatant after Foundry v13, beyond the basic documents in documents.ts: turns set up
 * by `setupTurns` through the overridable `_sortCombatants`, `rollInitiative(ids, options)`,
 * `rollAll`, `startCombat`/`nextTurn`/`nextRound` over those turns, and Combatant's initiative roll.
 */
import { Combat as BaseCombat, Combatant as BaseCombatant, ChatMessage } from "./documents.js";
import { Die, Roll } from "./dice.js";
import { CombatTracker, registerCorePartials } from "./tracker.js";
import { state } from "./state.js";
import type { AnyObject } from "./utils.js";

export class Combatant extends BaseCombatant {
  get isDefeated(): boolean {
    return (this as unknown as { defeated: boolean }).defeated;
  }
  get isNPC(): boolean {
    return !this.actor || !(this.actor as unknown as { hasPlayerOwner?: boolean }).hasPlayerOwner;
  }
  /** Foundry's default formula is CONFIG.Combat.initiative.formula, else "1d20". */
  getInitiativeRoll(formula?: string): Roll {
    const configured = ((state.CONFIG.Combat as AnyObject).initiative as { formula?: string } | undefined)?.formula;
    return new Roll(formula ?? configured ?? "1d20");
  }
  async rollInitiative(formula?: string): Promise<this | undefined> {
    const roll = await this.getInitiativeRoll(formula).evaluate();
    return this.update({ initiative: roll.total });
  }
}

interface TurnState {
  turns: Combatant[];
  current: { round: number; turn: number | null; combatantId: string | null };
}
// Kept outside the instance: setupTurns first runs inside the base constructor, before fields exist.
const turnState = new WeakMap<object, TurnState>();

export class Combat extends BaseCombat {
  /** The turn order, as `setupTurns` last set it (Foundry's Combat#turns is a plain property). */
  override get turns(): Combatant[] {
    return turnState.get(this)?.turns ?? [];
  }
  override set turns(turns: Combatant[]) {
    turnState.set(this, { current: this.current, turns });
  }
  get current(): TurnState["current"] {
    return turnState.get(this)?.current ?? { round: 0, turn: null, combatantId: null };
  }

  /**
   * Foundry calls setupTurns from prepareDerivedData (first time) and from its descendant-document
   * hooks whenever combatants are created, updated or deleted; the harness has no descendant hooks
   * and re-prepares the parent on each such change, so it sets the turns up on every preparation.
   */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    if (this.combatants) this.setupTurns();
  }

  setupTurns(): Combatant[] {
    const turns = (this.combatants.contents as Combatant[]).sort((a, b) => this._sortCombatants(a, b));
    if (this.turn !== null) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) this.turn = 0;
    }
    const c = this.turn === null ? undefined : turns[this.turn];
    turnState.set(this, { turns, current: { round: this.round, turn: this.turn, combatantId: c?.id ?? null } });
    return turns;
  }

  /** Initiative descending (unrolled last), then name, then id. */
  protected _sortCombatants(a: Combatant, b: Combatant): number {
    const ia = typeof a.initiative === "number" ? a.initiative : -Infinity;
    const ib = typeof b.initiative === "number" ? b.initiative : -Infinity;
    return ib - ia || (a.name ?? "").localeCompare(b.name ?? "") || String(a.id).localeCompare(String(b.id));
  }

  /** Rolls each combatant's initiative roll, updates them together and posts one message each. */
  async rollInitiative(ids: string | string[], { formula = null, updateTurn = true, messageOptions = {} }: { formula?: string | null; updateTurn?: boolean; messageOptions?: AnyObject } = {}): Promise<this> {
    const list = typeof ids === "string" ? [ids] : ids;
    const acting = this.combatant?.id;
    const updates: AnyObject[] = [];
    for (const id of list) {
      const combatant = this.combatants.get(id) as Combatant | undefined;
      if (!combatant?.isOwner) continue;
      const roll = await combatant.getInitiativeRoll(formula ?? undefined).evaluate();
      updates.push({ _id: id, initiative: roll.total });
      await roll.toMessage({ speaker: ChatMessage.getSpeaker({ actor: combatant.actor }), flavor: `${combatant.name} rolls for Initiative!`, ...messageOptions });
    }
    if (!updates.length) return this;
    await this.updateEmbeddedDocuments("Combatant", updates);
    if (updateTurn && acting) {
      const turn = this.turns.findIndex((t) => t.id === acting);
      if (turn >= 0 && turn !== this.turn) await this.update({ turn });
    }
    return this;
  }

  async rollAll(options: AnyObject = {}): Promise<this> {
    const ids = (this.combatants.contents as Combatant[]).filter((c) => c.isOwner && c.initiative === null).map((c) => c.id as string);
    return this.rollInitiative(ids, options);
  }

  override async nextRound(): Promise<this | undefined> {
    return this.update({ round: this.round + 1, turn: this.turns.length ? 0 : null });
  }
}

/**
 * Puts these Combat/Combatant classes, Roll and the CombatTracker where Foundry has them (the
 * globals, foundry.documents, foundry.dice, foundry.applications.sidebar.tabs, CONFIG).
 */
export function installCombat(CONFIG: AnyObject, foundry: AnyObject): void {
  (CONFIG.Combat as AnyObject).documentClass = Combat;
  (CONFIG.Combatant as AnyObject).documentClass = Combatant;
  CONFIG.Combat = { ...(CONFIG.Combat as AnyObject), initiative: { formula: null, decimals: 2 } };
  (CONFIG.ui as AnyObject).combat = CombatTracker;
  Object.assign(foundry.documents as AnyObject, { Combat, Combatant });
  foundry.dice = { ...((foundry.dice as AnyObject | undefined) ?? {}), Roll, terms: { Die } };
  const applications = foundry.applications as AnyObject;
  applications.sidebar = { ...((applications.sidebar as AnyObject | undefined) ?? {}), tabs: { CombatTracker } };
  Object.assign(globalThis, { Combat, Combatant, Roll });
  registerCorePartials();
}
