import { activeRulesetId } from "../settings.js";
import { SYSTEM_ID } from "../system.js";
import { CLOCK_KEY, clockOf, clockUpdate, settleClock } from "./clock.js";
import { recordKey } from "./fighter.js";
import { requestClear, requestInitiative, requestTurn } from "./requests.js";
import { activeCombatRules, arrivedCombatRules } from "./active.js";
import { initiativeOf, isEnlisted, rosterEntry, rosterUpdate } from "./roster.js";
import { placesOf } from "./ranks.js";
import type { TurnStep } from "./rules.js";
import { writeCombat } from "./write.js";

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
 * Whether a sort by the places given (`turnPlace`) is under way: Foundry calls the comparator without
 * `this`, about n·log n times (setupTurns), so a comparison reads two numbers and nothing else.
 */
let placed = false;

/** Gives each combatant its place in the ruleset's order for a round; false leaves the order to Foundry (no rules, or its chunk has not arrived). */
function place(combat: Combat.Implementation, round: number): boolean {
  const keys = activeCombatRules()?.order(combat, round);
  if (!keys) return false;
  const combatants = combat.combatants.contents;
  const places = placesOf(
    combatants.map((c) => c.id ?? ""),
    keys,
  );
  combatants.forEach((combatant, index) => (combatant.turnPlace = places[index]!));
  return true;
}

const byId = (a: Combatant.Implementation, b: Combatant.Implementation): number => ((a.id ?? "") > (b.id ?? "") ? 1 : -1);

/** The order of combatants just placed: by place, ties by id. */
const byPlace = (a: Combatant.Implementation, b: Combatant.Implementation): number => a.turnPlace - b.turnPlace || byId(a, b);

/** The combatants in the ruleset's order for a round, or undefined to leave the order to Foundry. */
function sortedFor(combat: Combat.Implementation, round: number): Combatant.Implementation[] | undefined {
  return place(combat, round) ? combat.combatants.contents.sort(byPlace) : undefined;
}

/**
 * Whether an update writes the clock itself: as `clock`, or replaced or deleted whole (`==clock`,
 * `-=clock`, as the fighter-key moves of migration.ts write it, or all of Fray's flags so). Such an
 * update's clock is the GM's word; one derived from before it would undo it.
 */
function namesClock(changes: Record<string, unknown>): boolean {
  const flags = changes.flags as Record<string, unknown> | undefined;
  if (!flags || typeof flags !== "object") return false;
  if (`==${SYSTEM_ID}` in flags || `-=${SYSTEM_ID}` in flags) return true;
  const ours = flags[SYSTEM_ID];
  return typeof ours === "object" && ours !== null && [CLOCK_KEY, `==${CLOCK_KEY}`, `-=${CLOCK_KEY}`].some((key) => key in ours);
}

/**
 * Fray's Combat: initiative and turn order come from the active ruleset's tracker rules, over what
 * only a GM writes (the clock, the roster and the ruleset's state in the Combat's flags). A ruleset
 * without them yet says so instead of rolling another game's initiative.
 */
export class FrayCombat extends Combat {
  /** Set while Foundry handles an update that is no real turn change (a reorder, a player's write): its sounds stay quiet. */
  #quiet = false;

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

  // Foundry's Roll All and Roll NPCs pick those without initiative from the field a player may write;
  // Fray picks them from the roster.
  override async rollAll(options?: Combat.InitiativeOptions): Promise<this> {
    return this.rollInitiative(this.combatants.filter((c) => c.isOwner && initiativeOf(this, c) === null).map((c) => c.id!), options);
  }

  override async rollNPC(options?: Combat.InitiativeOptions): Promise<this> {
    return this.rollInitiative(this.combatants.filter((c) => c.isOwner && c.isNPC && initiativeOf(this, c) === null).map((c) => c.id!), options);
  }

  // Foundry's Reset Initiative (the combat's context menu) writes every combatant's initiative and
  // leaves the ruleset's state alone, so the order would disagree with the rows: the ruleset clears it.
  override async resetAll(): Promise<this> {
    const rules = await arrivedCombatRules();
    if (!rules) return ((await super.resetAll()) as this | undefined) ?? this;
    try {
      await requestClear(this, this.combatants.contents);
    } catch (error) {
      report(error);
    }
    return this;
  }

  // Foundry's turn controls call these on the clicking user's client; a ruleset whose round is made of
  // phases (rules.advance) takes them. A GM's go to Foundry once its round and turn are the clock's
  // again; a player may only end the turn of a combatant she owns, which the active GM serves.
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

  /** True when the step was taken (or refused) here; false leaves it to Foundry's own, on a GM's client. */
  async #advance(step: TurnStep): Promise<boolean> {
    const rules = await arrivedCombatRules();
    try {
      if (rules?.advance && (await rules.advance(this, step))) return true;
      if (game.user?.isGM) {
        await settleClock(this);
        return false;
      }
      await requestTurn(this, step);
    } catch (error) {
      report(error);
    }
    return true;
  }

  // Foundry sorts with `this.combatants.contents.sort(this._sortCombatants)`: the method runs without
  // `this`. Inside setupTurns every combatant has its place already; called from anywhere else, the
  // combatants' own combat places them first.
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    if (placed) return byPlace(a, b);
    const combat = a.combat ?? b.combat;
    return combat && place(combat, clockOf(combat).round) ? byPlace(a, b) : super._sortCombatants(a, b);
  }

  /** Foundry's setupTurns, each combatant placed once for the whole sort. */
  override setupTurns(): Combatant.Implementation[] {
    const outer = placed;
    placed = place(this, clockOf(this).round);
    try {
      return super.setupTurns();
    } finally {
      placed = outer;
    }
  }

  /** The order once `changes` are made (the ruleset's state they write included), in `round`. */
  #orderAfter(changes: Record<string, unknown>, round: number): Combatant.Implementation[] {
    const { _id: _, ...data } = changes;
    // Document#clone merges the changes (their -= and == keys too) into a copy that is never saved.
    const next = foundry.utils.hasProperty(data, "flags") ? (this.clone(data as never, { keepId: true }) as unknown as Combat.Implementation) : this;
    return sortedFor(next, round) ?? [...next.combatants.contents].sort(this._sortCombatants);
  }

  // A new combat starts its clock where its data starts (a GM's creation: players cannot create combats).
  protected override async _preCreate(...args: Parameters<Combat["_preCreate"]>) {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    if (!foundry.utils.hasProperty(this._source, `flags.${SYSTEM_ID}.${CLOCK_KEY}`)) {
      // Dotted flag paths built at run time are outside fvtt-types' typed source data.
      this.updateSource(foundry.utils.expandObject(clockUpdate(this.round, null)) as never);
    }
    return allowed;
  }

  /**
   * Every GM update that may change whose turn it is (the round, the turn, or the ruleset's state
   * that orders the turns) carries the clock in the same update: the combatant Foundry will show
   * acting once it is made. The turn it starts from is the clock's, not Foundry's field, which a
   * player may have just written. An update that names the clock itself keeps it. A player's update
   * carries nothing (her client may be anyone's); the keeper puts it back.
   */
  protected override async _preUpdate(...args: Parameters<Combat["_preUpdate"]>) {
    const allowed = await super._preUpdate(...args);
    const [changed, , user] = args;
    const changes = changed as Record<string, unknown>;
    if (allowed === false || !user.isGM) return allowed;
    const moves = "round" in changes || "turn" in changes;
    if (!moves && !foundry.utils.hasProperty(changes, `flags.${SYSTEM_ID}`)) return allowed;
    if (namesClock(changes)) return allowed;
    const clock = clockOf(this);
    if (!moves && !clock.kept) return allowed;
    const round = typeof changes.round === "number" ? changes.round : clock.round;
    const at = clock.combatant ? this.turns.findIndex((c) => c.id === clock.combatant) : -1;
    const turn = "turn" in changes ? changes.turn : at >= 0 ? at : null;
    const acting = typeof turn === "number" && round > 0 ? (this.#orderAfter(changes, round)[turn] ?? null) : null;
    // With no one acting in a begun round, the clock keeps the turn this update leaves (settleClock puts a player's back to it).
    const kept = acting || round === 0 ? null : "turn" in changes ? (typeof turn === "number" ? turn : null) : clock.turn;
    if (clock.kept && clock.round === round && clock.combatant === (acting?.id ?? null) && clock.fighter === (acting ? recordKey(acting) : null) && clock.turn === kept) return allowed;
    const update = clockUpdate(round, acting, kept);
    // A turn kept for no one goes once someone acts (v13 merges a flag object, `-=` deleting its key).
    if (kept === null && clock.turn !== null) Object.assign(update[`flags.${SYSTEM_ID}.${CLOCK_KEY}`] as object, { "-=turn": null });
    foundry.utils.mergeObject(changes, foundry.utils.expandObject(update));
    return allowed;
  }

  // The ruleset's state in the Combat's flags (a Delay, a Seize, the clock) can change the order: the
  // turns are sorted again before Foundry's _onUpdate compares the turn before and after the update;
  // the state it compares (`current`) is left for it to record, or it would see no change and fire no
  // turn events. Foundry plays the "your turn" sound for any change of round, turn or acting
  // combatant, even one made with `turnEvents: false`: only a GM's real turn change plays it here.
  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    const [changed, options, userId] = args;
    if (foundry.utils.hasProperty(changed, `flags.${SYSTEM_ID}`)) {
      const sorted = sortedFor(this, clockOf(this).round);
      if (sorted) this.turns = sorted;
    }
    this.#quiet = (options as { turnEvents?: boolean }).turnEvents === false || !game.users?.get(userId)?.isGM;
    try {
      super._onUpdate(...args);
    } finally {
      this.#quiet = false;
    }
  }

  protected override _playCombatSound(announcement: Parameters<Combat["_playCombatSound"]>[0]): void {
    if (this.#quiet && announcement !== "startEncounter") return;
    super._playCombatSound(announcement);
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
 * Runs a change that may reorder the combatants, then points the turn back at whoever the clock
 * says is acting, so reordering never hands the turn to someone else.
 */
export async function keepingCurrentTurn(combat: Combat.Implementation, change: () => Promise<void>): Promise<void> {
  const acting = clockOf(combat).combatant;
  await change();
  combat.setupTurns();
  if (!acting) return;
  const index = combat.turns.findIndex((c) => c.id === acting);
  if (index < 0) return;
  const clock = clockOf(combat);
  // The same combatant keeps acting: no turn ended or began. The clock is named, so it stays hers
  // even where Foundry's field already points at her.
  if (index !== combat.turn || clock.combatant !== acting) {
    // Dotted flag paths built at run time are outside fvtt-types' typed update data.
    await combat.update({ turn: index, ...clockUpdate(clock.round, combat.combatants.get(acting)) } as never, { turnEvents: false } as never);
  }
}

/**
 * Updates combatants whose changes may reorder the turns. Foundry keeps the acting combatant's turn
 * across such an update only when it guesses so itself; saying `turnEvents: false` makes sure a
 * reorder never reads as a turn ending and another beginning (nor twice, with keepingCurrentTurn).
 * An `initiative` is the ruleset's: it goes to the roster first (what the order and the rows read),
 * and to Foundry's field as a copy.
 */
export async function updateCombatants(combat: Combat.Implementation, updates: Record<string, unknown>[]): Promise<void> {
  const placed: Record<string, ReturnType<typeof rosterEntry>> = {};
  for (const update of updates) {
    const combatant = typeof update._id === "string" ? combat.combatants.get(update._id) : undefined;
    if (!combatant || !("initiative" in update)) continue;
    const initiative = typeof update.initiative === "number" && Number.isFinite(update.initiative) ? update.initiative : null;
    if (isEnlisted(combat, combatant) && rosterEntry(combat, combatant).initiative === initiative) continue;
    placed[combatant.id!] = { ...rosterEntry(combat, combatant), initiative };
  }
  if (Object.keys(placed).length) await writeCombat(combat, rosterUpdate(combat, placed), { turnEvents: false });
  // Dotted paths built at run time (flag and system keys) are outside fvtt-types' typed update data.
  await combat.updateEmbeddedDocuments("Combatant", updates as never, { turnEvents: false });
}
