/**
 * Combat and Combatant after Foundry v13's client (client/documents/combat.mjs, combatant.mjs),
 * beyond the schemas in documents.ts: turns set up by `setupTurns` through `_sortCombatants` called
 * unbound, the current/previous turn state, turn events on updates and on combatant changes (the
 * descendant-document callbacks), the static pre-operation hooks that keep the acting combatant's
 * turn when others change, `rollInitiative(ids, options)` and the Combatant's initiative roll, and
 * the sound cues of `_onUpdate` (recorded in `combatSounds`). A player may write what v13 lets her
 * (common/documents/combat.mjs and combatant.mjs, #canUpdate, in documents.ts): a Combat's round and
 * turn, and her own combatant's initiative, flags, defeated and system, with a `combatTurn` of her
 * choosing.
 */
import { Combat as BaseCombat, Combatant as BaseCombatant, ChatMessage, trackRender, type ClientDocument } from "./documents.js";
import { Die, Roll } from "./dice.js";
import { Hooks } from "./hooks.js";
import { REGION_EVENTS } from "./regions.js";
import { CombatTracker, registerCorePartials } from "./tracker.js";
import { state } from "./state.js";
import { deepClone, expandObject, mergeObject, type AnyObject } from "./utils.js";

/** Combat#_getCurrentState's record of whose turn it is. */
export interface CombatHistoryData {
  round: number;
  turn: number | null;
  combatantId: string | null;
  tokenId: string | null;
}

/** Context given to the turn and round workflows (CombatTurnEventContext). */
export interface TurnEventContext {
  round: number;
  turn?: number | null;
  skipped: boolean;
}

interface UserLike {
  id: string;
  isGM: boolean;
}

const game = () => state.game as AnyObject & { user: UserLike; users: { activeGM: UserLike | null }; actors: Map<string, ClientDocument>; scenes?: Map<string, ClientDocument & { tokens: Map<string, ClientDocument> }> };
const combatConfig = () => (state.CONFIG as AnyObject).Combat as { initiative: { formula: string | null; decimals: number } };

/** The sounds Combat#_playCombatSound would have played, in order, and on whose client (a test empties it). */
export const combatSounds: { announcement: string; user: string; combat: string }[] = [];

/** The combat tracker's settings (CombatEncounters.settings, the core "combatTrackerConfig" setting). */
export const combatTrackerSettings = { resource: "", skipDefeated: false };

export class Combatant extends BaseCombatant {
  /** Combatant#resource (set by updateResource in Foundry): the tracked attribute of the actor's system data. */
  get resource(): unknown {
    const path = combatTrackerSettings.resource;
    if (!path || !this.actor || !this.combat) return null;
    return path.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as AnyObject)[k] : undefined), this.actor.system) ?? null;
  }
  /** Combatant#isDefeated: the defeated flag, or the actor carries CONFIG.specialStatusEffects.DEFEATED. */
  get isDefeated(): boolean {
    const defeated = (state.CONFIG.specialStatusEffects as Record<string, string> | undefined)?.DEFEATED;
    const statuses = (this.actor as unknown as { statuses?: Set<string> } | null)?.statuses;
    return this.defeated || (defeated !== undefined && statuses?.has(defeated) === true);
  }
  /** Combatant#isNPC: no actor, or no player owns it. */
  get isNPC(): boolean {
    return !this.actor || !this.hasPlayerOwner;
  }
  /** Combatant#hasPlayerOwner: a player owns it. */
  get hasPlayerOwner(): boolean {
    return this.players.length > 0;
  }
  /** Combatant#players: the non-GM users who own it. */
  get players(): UserLike[] {
    const users = (state.game.users as { filter(fn: (u: UserLike) => boolean): UserLike[] } | undefined) ?? { filter: () => [] };
    return users.filter((u) => !u.isGM && this.testUserPermission(u as never, "OWNER"));
  }
  /** Combatant#visible: its owners see it, everyone else only when it is not hidden. */
  override get visible(): boolean {
    return this.isOwner || !this.hidden;
  }
  /** Combatant#_getInitiativeFormula: `String(CONFIG.Combat.initiative.formula || game.system.initiative)`. */
  protected _getInitiativeFormula(): string {
    return String(combatConfig().initiative.formula || (game().system as AnyObject).initiative);
  }
  /** Combatant#getInitiativeRoll(formula): the given formula, else the configured one. */
  getInitiativeRoll(formula?: string | null): Roll {
    return new Roll(formula || this._getInitiativeFormula());
  }
  /** Combatant#rollInitiative(formula). */
  async rollInitiative(formula?: string): Promise<this | undefined> {
    const roll = await this.getInitiativeRoll(formula).evaluate();
    return this.update({ initiative: roll.total });
  }

  /** The combat as it would be after `change`, turns set up (Combatant._pre*Operation simulate on a clone). */
  static #simulate(combat: Combat, change: (combatants: AnyObject[]) => AnyObject[]): Combat {
    const source = combat.toObject();
    source.combatants = change(source.combatants as AnyObject[]);
    const cls = combat.constructor as new (data: AnyObject) => Combat;
    const clone = new cls(source);
    clone.setupTurns();
    return clone;
  }

  /** The running combat of the operation and whoever is acting in it; the pre-operation hooks do nothing without both. */
  static #acting(operation: AnyObject): { combat: Combat; acting: Combatant } | undefined {
    const combat = operation.parent as Combat | undefined;
    const acting = combat?.combatant;
    return combat && acting ? { combat, acting } : undefined;
  }

  /** The acting combatant keeps the turn in the changed order, and the change fires no turn events. */
  static #keepActing(operation: AnyObject, clone: Combat, acting: Combatant): void {
    operation.combatTurn = Math.max(clone.turns.findIndex((t) => t.id === acting.id), 0);
    operation.turnEvents = false;
  }

  /** Combatant._preCreateOperation: whoever is acting keeps the turn, without turn events. */
  static override async _preCreateOperation(documents: ClientDocument[], operation: AnyObject): Promise<void> {
    const running = Combatant.#acting(operation);
    if (running) Combatant.#keepActing(operation, Combatant.#simulate(running.combat, (sources) => [...sources, ...documents.map((d) => d.toObject())]), running.acting);
  }

  /** Combatant._preUpdateOperation: the same, unless the caller chose `combatTurn` itself. */
  static override async _preUpdateOperation(_documents: ClientDocument[], operation: AnyObject): Promise<void> {
    const running = Combatant.#acting(operation);
    if (!running || operation.combatTurn !== undefined) return;
    const updates = operation.updates as AnyObject[];
    const merged = (s: AnyObject) => {
      const update = updates.find((u) => u._id === s._id);
      return update ? mergeObject(s, expandObject(deepClone(update)), { performDeletions: true }) : s;
    };
    Combatant.#keepActing(operation, Combatant.#simulate(running.combat, (sources) => sources.map(merged)), running.acting);
  }

  /**
   * Combatant._preDeleteOperation (client/documents/combatant.mjs), as build 350 runs it: it looks
   * for the acting combatant's survivor against `this.turn`, which in this static method is the
   * class's (undefined), so it finds none and sets no `combatTurn`. The stored turn stays; each
   * client's setupTurns then hands it to whoever now stands at that place, and when the acting one
   * was last, wraps it to the first of the next round in its own memory only, never saved.
   */
  static override async _preDeleteOperation(_documents: ClientDocument[], operation: AnyObject): Promise<void> {
    const running = Combatant.#acting(operation);
    if (!running) return;
    const { combat, acting } = running;
    const ids = operation.ids as string[];
    if (ids.includes(acting.id as string)) return;
    Combatant.#keepActing(operation, Combatant.#simulate(combat, (sources) => sources.filter((s) => !ids.includes(s._id as string))), acting);
  }
}

interface TurnState {
  turns: Combatant[];
  current: CombatHistoryData;
  previous: CombatHistoryData | undefined;
}
// Kept outside the instance: setupTurns first runs inside the base constructor, before fields exist.
const turnState = new WeakMap<object, TurnState>();
// Not a private accessor: private members do not exist yet while the base constructor runs.
function stateOf(combat: BaseCombat): TurnState {
  return turnState.get(combat) ?? { turns: [], current: { round: combat.round ?? 0, turn: combat.turn ?? null, combatantId: null, tokenId: null }, previous: undefined };
}

export class Combat extends BaseCombat {
  /** Combat#turns: the order `setupTurns` last set (a plain property in Foundry). */
  override get turns(): Combatant[] {
    return turnState.get(this)?.turns ?? [];
  }
  /** Combat#turns is assignable, as Foundry's plain property. */
  override set turns(turns: Combatant[]) {
    turnState.set(this, { ...stateOf(this), turns });
  }
  /** Combat#current: round, turn and combatant as last recorded. */
  get current(): CombatHistoryData {
    return stateOf(this).current;
  }
  /** Combat#current is assignable. */
  set current(current: CombatHistoryData) {
    turnState.set(this, { ...stateOf(this), current });
  }
  /** Combat#previous: the state before the last change of turn. */
  get previous(): CombatHistoryData | undefined {
    return stateOf(this).previous;
  }
  /** Combat#previous is assignable. */
  set previous(previous: CombatHistoryData | undefined) {
    turnState.set(this, { ...stateOf(this), previous });
  }

  /** Combat#settings. */
  get settings(): typeof combatTrackerSettings {
    return combatTrackerSettings;
  }

  /** Combat#combatant: whoever has the turn. */
  override get combatant(): Combatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }
  /** Combat#nextCombatant. */
  get nextCombatant(): Combatant | undefined {
    if (this.turn === this.turns.length - 1) return this.turns[0];
    return this.turns[(this.turn ?? -1) + 1];
  }

  /** Combat#prepareDerivedData: turns are set up once here; later only when combatants or the round change. */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    if (this.combatants?.size && !this.turns.length) this.setupTurns();
  }

  /** Combat#setupTurns: sorts with `this._sortCombatants` passed unbound, as Foundry does. */
  setupTurns(): Combatant[] {
    const sort = this._sortCombatants;
    const turns = (this.combatants.contents as Combatant[]).sort(sort);
    if (this.turn !== null) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) {
        this.turn = 0;
        this.round += 1;
      }
    }
    const current = this._getCurrentState(this.turn === null ? undefined : turns[this.turn]);
    turnState.set(this, { turns, current, previous: this.previous ?? current });
    return turns;
  }

  /** Combat#_sortCombatants: initiative descending (none last), ties by id. Called without `this`. */
  protected _sortCombatants(a: Combatant, b: Combatant): number {
    const ia = typeof a.initiative === "number" ? a.initiative : -Infinity;
    const ib = typeof b.initiative === "number" ? b.initiative : -Infinity;
    return ib - ia || ((a.id as string) > (b.id as string) ? 1 : -1);
  }

  /** Combat#_getCurrentState. */
  protected _getCurrentState(combatant?: Combatant): CombatHistoryData {
    const c = combatant ?? this.combatant;
    return { round: this.round, turn: this.turn ?? null, combatantId: c?.id ?? null, tokenId: (c as unknown as { tokenId?: string | null } | undefined)?.tokenId ?? null };
  }

  /** Combat#startCombat: the start sound, the combatStart hook, then round 1, turn 0. */
  override async startCombat(): Promise<this | undefined> {
    this._playCombatSound("startEncounter");
    const updateData = { round: 1, turn: 0 };
    Hooks.callAll("combatStart", this, updateData);
    await this.update(updateData);
    return this;
  }

  /** Combat#nextRound: turn 0 (or still nobody's; with Skip Defeated, the first not defeated), through the combatRound hook. */
  override async nextRound(): Promise<this | undefined> {
    let turn = this.turn === null || this.turns.length === 0 ? null : 0;
    if (this.settings.skipDefeated && turn !== null) {
      turn = this.turns.findIndex((t) => !t.isDefeated);
      if (turn === -1) {
        (globalThis as unknown as { ui: { notifications: { warn(m: string, o?: object): unknown } } }).ui.notifications.warn("COMBAT.NoneRemaining", { localize: true });
        turn = 0;
      }
    }
    const updateData = { round: this.round + 1, turn };
    const updateOptions = { direction: 1 };
    Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** Combat#nextTurn: the next turn (with Skip Defeated, the next not defeated), or the next round after the last. */
  override async nextTurn(): Promise<this | undefined> {
    if (this.round === 0) return this.nextRound();
    const turn = this.turn ?? -1;
    let next: number | null = turn + 1;
    if (this.settings.skipDefeated) {
      next = null;
      for (let i = turn + 1; i < this.turns.length; i++) {
        if (!this.turns[i]!.isDefeated) {
          next = i;
          break;
        }
      }
    }
    if (next === null || next >= this.turns.length) return this.nextRound();
    const updateData = { round: this.round, turn: next };
    const updateOptions = { direction: 1 };
    Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** Combat#previousTurn. */
  async previousTurn(): Promise<this | undefined> {
    if (this.round === 0) return this;
    if (this.turn === 0 || this.turns.length === 0) return this.previousRound();
    const updateData = { round: this.round, turn: (this.turn ?? this.turns.length) - 1 };
    const updateOptions = { direction: -1 };
    Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** Combat#previousRound. */
  async previousRound(): Promise<this | undefined> {
    if (this.round === 0) return this;
    const turn = this.round === 1 || this.turn === null || this.turns.length === 0 ? null : this.turns.length - 1;
    const updateData = { round: this.round - 1, turn };
    const updateOptions = { direction: -1 };
    Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /**
   * Combat#resetAll: every initiative cleared, without turn events, the acting combatant keeping the
   * turn. v13 writes it as one update of the Combat (`combatants` with `diff: false`); the harness, which
   * takes embedded changes only through updateEmbeddedDocuments, writes the same changes that way.
   * A system's own state (its flags) is left as it was, in both.
   */
  async resetAll({ updateTurn = true }: { updateTurn?: boolean } = {}): Promise<void> {
    const acting = this.combatant?.id;
    const combatants = (this.combatants.contents as Combatant[]).map((c) => ({ _id: c.id, initiative: null }));
    const cls = (state.CONFIG.Combatant as AnyObject).documentClass as typeof Combatant;
    await cls.updateDocuments(combatants, { parent: this, turnEvents: false, combatTurn: updateTurn && acting ? undefined : (this.turn ?? undefined) });
  }

  /**
   * Combat#rollInitiative: each owned combatant's initiative roll, then one update of them all with
   * `turnEvents: false` (the acting combatant keeps the turn through Combatant._preUpdateOperation),
   * then a chat message per roll.
   */
  async rollInitiative(ids: string | string[], { formula = null, updateTurn = true, messageOptions = {} }: { formula?: string | null; updateTurn?: boolean; messageOptions?: AnyObject } = {}): Promise<this> {
    const list = typeof ids === "string" ? [ids] : ids;
    const updates: AnyObject[] = [];
    const messages: { roll: Roll; data: AnyObject }[] = [];
    for (const id of list) {
      const combatant = this.combatants.get(id) as Combatant | undefined;
      if (!combatant?.isOwner) continue;
      const roll = await combatant.getInitiativeRoll(formula).evaluate();
      updates.push({ _id: id, initiative: roll.total });
      messages.push({ roll, data: { speaker: ChatMessage.getSpeaker({ actor: combatant.actor, token: combatant.token, alias: combatant.name }), flavor: `${combatant.name} rolls for Initiative!`, flags: { "core.initiativeRoll": true }, ...messageOptions } });
    }
    if (!updates.length) return this;
    const updateOptions: AnyObject = { turnEvents: false };
    if (!updateTurn) updateOptions.combatTurn = this.turn;
    await this.updateEmbeddedDocuments("Combatant", updates, updateOptions);
    for (const { roll, data } of messages) await roll.toMessage(data);
    return this;
  }

  /** Combat#rollAll: every owned combatant without initiative. */
  async rollAll(options: AnyObject = {}): Promise<this> {
    const ids = (this.combatants.contents as Combatant[]).filter((c) => c.isOwner && c.initiative === null).map((c) => c.id as string);
    return this.rollInitiative(ids, options);
  }

  /** Combat#rollNPC: the same, for combatants no player owns. */
  async rollNPC(options: AnyObject = {}): Promise<this> {
    const ids = (this.combatants.contents as Combatant[]).filter((c) => c.isOwner && c.isNPC && c.initiative === null).map((c) => c.id as string);
    return this.rollInitiative(ids, options);
  }

  /* ---------------- Turn events ---------------- */

  /** Combat#_onCreate: a combat created already running announces its turn. */
  protected override _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
    super._onCreate(data, options, userId);
    trackRender(this._manageTurnEvents());
  }

  /**
   * Combat#_onUpdate: records the state before and after the change; a new round, turn or acting
   * combatant fires the turn events unless the update says `turnEvents: false`.
   */
  protected override _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
    super._onUpdate(changed, options, userId);
    const prior = deepClone(this.current);
    if (!this.previous) this.previous = prior;
    if ("combatants" in changed) this.setupTurns();
    else this.current = this._getCurrentState();
    const changedState = this.#recordPreviousState(prior);
    if (changedState && options.turnEvents !== false) trackRender(this._manageTurnEvents());
    this.updateCombatantActors();
    // The sound cues: for any change of round, turn or acting combatant in the active encounter, even one made with turnEvents: false.
    if ((this as unknown as { active: boolean }).active && changedState && this.started && prior.round) {
      const play = (c: Combatant | undefined) => !!c && (game().user.isGM ? !c.hasPlayerOwner : c.isOwner);
      if (play(this.combatant)) this._playCombatSound("yourTurn");
      else if (play(this.nextCombatant)) this._playCombatSound("nextUp");
    }
  }

  /**
   * Combat#updateCombatantActors, from every update's _onUpdate: each combatant's actor renders its
   * open sheets again, whatever changed (a flag the GM wrote as much as a new turn).
   */
  updateCombatantActors(): void {
    for (const combatant of this.combatants) (combatant.actor as ClientDocument | null)?.render(false, { renderContext: "updateCombat" });
  }

  /**
   * Combat#_playCombatSound: plays one of the combat theme's sounds for the announcement. The harness
   * plays none; it records which client would hear which (`combatSounds`). Foundry's _onUpdate runs on
   * every client; the harness runs it on the acting client only, so only its sounds are recorded.
   */
  protected _playCombatSound(announcement: "startEncounter" | "nextUp" | "yourTurn"): void {
    combatSounds.push({ announcement, user: game().user.id, combat: this.id as string });
  }

  /** Combat#_onCreateDescendantDocuments → #onModifyCombatants. */
  protected override _onCreateDescendantDocuments(parent: ClientDocument, collection: string, documents: ClientDocument[], data: AnyObject[], options: AnyObject, userId: string): void {
    super._onCreateDescendantDocuments(parent, collection, documents, data, options, userId);
    if (collection === "combatants") this.#onModifyCombatants(options);
  }
  /** Combat#_onUpdateDescendantDocuments → #onModifyCombatants. */
  protected override _onUpdateDescendantDocuments(parent: ClientDocument, collection: string, documents: ClientDocument[], changes: AnyObject[], options: AnyObject, userId: string): void {
    super._onUpdateDescendantDocuments(parent, collection, documents, changes, options, userId);
    if (collection === "combatants") this.#onModifyCombatants(options);
  }
  /** Combat#_onDeleteDescendantDocuments → #onModifyCombatants. */
  protected override _onDeleteDescendantDocuments(parent: ClientDocument, collection: string, documents: ClientDocument[], ids: string[], options: AnyObject, userId: string): void {
    super._onDeleteDescendantDocuments(parent, collection, documents, ids, options, userId);
    if (collection === "combatants") this.#onModifyCombatants(options);
  }

  /**
   * Combat#onModifyCombatants: `combatTurn` moves the turn, turns are set up again, a changed turn
   * fires events. Whoever made the combatant change chose `combatTurn`, a player's too: v13's server
   * stores it as the Combat's turn (dist/database/documents/combatant.mjs, the Combatant
   * _on*Operation), with no updateCombat event; one process holds both copies here.
   */
  #onModifyCombatants({ combatTurn, turnEvents }: AnyObject): void {
    const prior = deepClone(this.current);
    if (typeof combatTurn === "number") this.updateSource({ turn: combatTurn });
    this.setupTurns();
    if (this.#recordPreviousState(prior) && turnEvents !== false) trackRender(this._manageTurnEvents());
  }

  /** Combat#recordPreviousState: whether the round, turn or acting combatant changed. */
  #recordPreviousState(prior: CombatHistoryData): boolean {
    const { round, turn, combatantId } = this.current;
    const changed = combatantId !== prior.combatantId || round !== prior.round || turn !== prior.turn;
    this.previous = { ...prior };
    return changed;
  }

  /**
   * Combat#_manageTurnEvents: the active GM runs the turn workflows; every client gets combatTurnChange.
   * Every client runs Combat#_onUpdate (client/documents/combat.mjs), the active GM's too when a
   * player moved the turn (v13 lets her: BaseCombat#canUpdate): the harness runs it once, on the
   * acting client, so the GM's own copy starts its turn workflow here, as her client, before her
   * hooks hear the update (a keeper putting the turn back comes after it starts).
   */
  async _manageTurnEvents(): Promise<void> {
    if (!this.started) return;
    const { current, previous } = this;
    const user = game().user;
    const gm = game().users.activeGM;
    if (user && gm?.id === user.id) await this.#triggerTurnEvents(current, previous ?? current);
    else if (gm && !state.frozenClients.has(gm.id)) trackRender(state.clientContext.run(gm, () => this.#triggerTurnEvents(current, previous ?? current)), "the active GM's turn workflow");
    Hooks.callAll("combatTurnChange", this, previous, current);
  }

  /**
   * Combat#triggerTurnEvents: end the previous turn, end and start each round passed, start the new
   * turn (each turn skipped on the way is ended and started as skipped); a reorder that hands the
   * same turn index to someone else ends one combatant's turn and starts the other's.
   */
  async #triggerTurnEvents(current: CombatHistoryData, previous: CombatHistoryData): Promise<void> {
    const turns = this.turns;
    const spans: [number, number][] = [];
    let rounds = current.round - previous.round;
    if (rounds === 0 && current.round > 0 && (previous.turn ?? -1) < (current.turn ?? -1)) spans.push([(previous.turn ?? -1) + 1, current.turn ?? 0]);
    else if (rounds > 0) {
      if (previous.round > 0) spans.push([(previous.turn ?? -1) + 1, turns.length - 1]);
      while (--rounds) spans.push([0, turns.length - 1]);
      spans.push([0, current.turn ?? 0]);
    }
    if (!spans.length) {
      if (current.combatantId === previous.combatantId || current.round !== previous.round || current.turn !== previous.turn) return;
      const context = { round: current.round, turn: current.turn, skipped: false };
      const prior = previous.combatantId ? (this.combatants.get(previous.combatantId) as Combatant | undefined) : undefined;
      if (prior) await this.#endTurn(prior, context);
      if (this.combatant) await this.#startTurn(this.combatant, context);
      return;
    }
    let prior = { combatant: previous.combatantId ? (this.combatants.get(previous.combatantId) as Combatant | undefined) : undefined, round: previous.round, turn: previous.turn, skipped: false };
    for (const [from, to] of spans) {
      for (let turn = from; turn <= to; turn += 1) {
        const round = prior.round + (turn === 0 ? 1 : 0);
        const next = { combatant: turns[turn], round, turn, skipped: round !== current.round || turn !== current.turn };
        if (prior.combatant) await this.#endTurn(prior.combatant, { round: prior.round, turn: prior.turn, skipped: prior.skipped });
        if (prior.round !== next.round) {
          await this._onEndRound({ round: prior.round, skipped: prior.round !== previous.round });
          this.#regionEvents(REGION_EVENTS.TOKEN_ROUND_END, { round: prior.round }, this.combatants.contents as Combatant[]);
          await this._onStartRound({ round: next.round, skipped: next.round !== current.round });
          this.#regionEvents(REGION_EVENTS.TOKEN_ROUND_START, { round: next.round }, this.combatants.contents as Combatant[]);
        }
        if (next.combatant) await this.#startTurn(next.combatant, { round: next.round, turn: next.turn, skipped: next.skipped });
        prior = next;
      }
    }
  }

  /** Combat#onEndTurn: the workflow, then TOKEN_TURN_END to its token's Regions. */
  async #endTurn(combatant: Combatant, context: TurnEventContext): Promise<void> {
    await this._onEndTurn(combatant, context);
    this.#regionEvents(REGION_EVENTS.TOKEN_TURN_END, context, [combatant]);
  }
  /**
   * Combat#onStartTurn: the workflow, then the token's movement history cleared
   * (_clearMovementHistoryOnStartTurn → TokenDocument#clearMovementHistory, which stops a movement
   * under way), then TOKEN_TURN_START to its token's Regions.
   */
  async #startTurn(combatant: Combatant, context: TurnEventContext): Promise<void> {
    await this._onStartTurn(combatant, context);
    const token = combatant.token as (ClientDocument & { clearMovementHistory?(): Promise<void> }) | null;
    if (token?.clearMovementHistory) await this._clearMovementHistoryOnStartTurn(combatant, context);
    this.#regionEvents(REGION_EVENTS.TOKEN_TURN_START, context, [combatant]);
  }

  /** Combat#triggerRegionEvents: each Region a combatant's token stands in hears the event; not awaited. */
  #regionEvents(name: string, context: object, combatants: Combatant[]): void {
    for (const combatant of combatants) {
      const token = combatant.token as (ClientDocument & { regions?: Set<{ _handleEvent(e: AnyObject): Promise<void> }> }) | null;
      for (const region of token?.regions ?? []) trackRender(region._handleEvent({ name, data: { token, combatant, combat: this, ...context }, region, user: game().user }));
    }
  }

  /** Combat#_clearMovementHistoryOnStartTurn (client/documents/combat.mjs): by default, always. */
  async _clearMovementHistoryOnStartTurn(combatant: Combatant, _context: TurnEventContext): Promise<void> {
    await (combatant.token as unknown as { clearMovementHistory(): Promise<void> }).clearMovementHistory();
  }
  /** Combat#_onStartTurn / _onEndTurn / _onStartRound / _onEndRound: the active GM's hooks for systems. */
  async _onStartTurn(_combatant: Combatant, _context: TurnEventContext): Promise<void> {}
  async _onEndTurn(_combatant: Combatant, _context: TurnEventContext): Promise<void> {}
  async _onStartRound(_context: TurnEventContext): Promise<void> {}
  async _onEndRound(_context: TurnEventContext): Promise<void> {}
}

/**
 * A client loading the world again: the combat is built afresh from its stored data (the
 * constructor prepares it, so turns are set up by prepareDerivedData) and replaces the old one.
 */
export function reloadCombat(combat: Combat): Combat {
  const cls = combat.constructor as new (data: AnyObject) => Combat;
  const fresh = new cls(combat.toObject());
  (state.game.combats as Map<string, Combat>).set(fresh.id as string, fresh);
  return fresh;
}

/**
 * Puts these Combat/Combatant classes, Roll and the CombatTracker where Foundry has them (the
 * globals, foundry.documents, foundry.dice, foundry.applications.sidebar.tabs, CONFIG).
 */
export function installCombat(CONFIG: AnyObject, foundry: AnyObject): void {
  (CONFIG.Combat as AnyObject).documentClass = Combat;
  (CONFIG.Combatant as AnyObject).documentClass = Combatant;
  // CONFIG.Combat.initiative and initiativeIcon as Foundry ships them (client/config.mjs).
  CONFIG.Combat = { ...(CONFIG.Combat as AnyObject), initiative: { formula: null, decimals: 2 }, initiativeIcon: { icon: "../icons/svg/d20.svg", hover: "../icons/svg/d20-highlight.svg" } };
  (CONFIG.ui as AnyObject).combat = CombatTracker;
  Object.assign(foundry.documents as AnyObject, { Combat, Combatant });
  foundry.dice = { ...((foundry.dice as AnyObject | undefined) ?? {}), Roll, terms: { Die } };
  const applications = foundry.applications as AnyObject;
  applications.sidebar = { ...((applications.sidebar as AnyObject | undefined) ?? {}), tabs: { CombatTracker } };
  Object.assign(globalThis, { Combat, Combatant, Roll });
  registerCorePartials();
  // Game#initializeUI: the sidebar's combat tab is made once, from the class the system configured at init.
  Hooks.once("setup", () => {
    const ui = (globalThis as unknown as { ui: AnyObject }).ui;
    ui.combat = new ((CONFIG.ui as AnyObject).combat as new () => unknown)();
  });
}
