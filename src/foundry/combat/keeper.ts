/**
 * What the active GM's client keeps, whatever the ruleset: Foundry's `round` and `turn` put back to
 * the GM's clock after a player wrote them (clock.ts), and the roster (roster.ts) written as
 * fighters first join or change side (a fighter's entry outlives its combatant: fighter.ts). Every
 * client hears the same document events; only the active GM acts on them, one at a time, and each
 * writes without turn events.
 *
 * Who may write what, in v13 (common/documents/combat.mjs, combatant.mjs, token.mjs):
 * - a player may update a Combat's `round` and `turn` (BaseCombat#canUpdate), and her combatant's
 *   update may carry `combatTurn`, which the server stores as the turn: here both go back to the clock;
 * - a player may update her own combatant's `initiative`, flags, `defeated` and system, and her
 *   token's `disposition`: the rules read the roster instead, so these decide nothing (a GM's
 *   initiative, typed in Foundry's combatant sheet, becomes the roster's; so does a GM's defeat,
 *   marked on the tracker or as the actor's defeated status; her `initiative` and `defeated` go back);
 * - an owner may create and delete her own combatant (create and delete: OWNER): one created again
 *   for her fighter takes its records back, and a second fighter of hers is dismissed;
 * - only a GM may update a Combat's flags: the clock, the roster and every ruleset's state live there.
 */
import { SYSTEM_ID } from "../system.js";
import { CLOCK_KEY, clockOf, clockUpdate } from "./clock.js";
import { settleClock } from "./clock.js";
import { report } from "./combat.js";
import { recordKey } from "./fighter.js";
import { migrateFighterKeys, renamedFighterUpdate } from "./migration.js";
import { defeatedOf, dispositionNow, freshEntry, initiativeOf, isEnlisted, isSettled, rosterActor, rosterEntry, type RosterEntry, rosterKeys, rosterPath, rosterUpdate, statusesAfter } from "./roster.js";
import { writeCombat } from "./write.js";

let kept: Promise<unknown> = Promise.resolve();

/**
 * Runs the active GM's upkeep after what came before it; a failure is shown and the next still runs.
 * A client that is no longer the active GM when its turn comes (the GM left) leaves it to the one who is.
 */
function keep(work: () => Promise<void>): Promise<void> {
  const next = kept.then(() => (isActiveGM() ? work() : undefined)).catch((error: unknown) => {
    console.error(`${SYSTEM_ID} | combat upkeep`, error);
    report(error);
  });
  kept = next;
  return next;
}

/** The upkeep started so far has finished (for tests and the browser harness). */
export async function combatsKept(): Promise<void> {
  await kept;
}

const isActiveGM = (): boolean => !!game.user && game.users?.activeGM?.id === game.user.id;
const byGM = (userId: string): boolean => game.users?.get(userId)?.isGM === true;
// Hooks hand over the stored base documents; CONFIG.Combat.documentClass makes them Fray's.
const fray = (combat: unknown): Combat.Implementation => combat as Combat.Implementation;

/** Combatants waiting to be enlisted, per combat, with what the GM saw as each joined. */
const joining = new Map<string, Map<string, RosterEntry>>();

/** Writes the entries of everyone who joined a combat since the last write, in one update. */
async function enlist(combat: Combat.Implementation): Promise<void> {
  const waiting = joining.get(combat.id!);
  joining.delete(combat.id!);
  if (!waiting || !game.combats?.has(combat.id!)) return;
  const entries = Object.fromEntries([...waiting].filter(([id]) => combat.combatants.has(id) && !isEnlisted(combat, combat.combatants.get(id)!)));
  // Dotted flag paths built at run time are outside fvtt-types' typed update data.
  if (Object.keys(entries).length) await writeCombat(combat, rosterUpdate(combat, entries), { turnEvents: false });
}

/**
 * Whether a combatant would be a second fighter of someone already in the fight: another combatant
 * fights as the same token (or tokenless actor) now, or, for a fighter new to the fight, her actor
 * fights (or fought in this fight) as another one, such as a tokenless combatant of an actor already
 * fighting on her token. A player may bring in only herself, once: a combatant deleted and created
 * again for the same token is the same fighter and takes its records back (roster.ts, store.ts).
 */
export function mintsFighter(combat: Combat.Implementation, combatant: Combatant.Implementation): boolean {
  const key = recordKey(combatant);
  const others = combat.combatants.filter((c) => c.id !== combatant.id);
  if (others.some((c) => recordKey(c) === key)) return true;
  if (isEnlisted(combat, combatant) || !combatant.actorId) return false;
  return others.some((c) => c.actorId === combatant.actorId) || rosterKeys(combat).some((other) => other !== key && rosterActor(combat, other) === combatant.actorId);
}

/** A combatant a player added that would be a second fighter goes (the GM's client deletes it), and she is told why. */
async function dismiss(combat: Combat.Implementation, combatant: Combatant.Implementation, userId: string | null): Promise<void> {
  if (!combat.combatants.has(combatant.id!)) return;
  await combat.deleteEmbeddedDocuments("Combatant", [combatant.id!], { turnEvents: false } as never);
  const content = game.i18n!.format("FRAY.Combat.Refused.SecondFighter", { name: Handlebars.escapeExpression(combatant.name ?? combatant.actor?.name ?? "") });
  if (userId) await ChatMessage.create({ content, whisper: [userId] });
}

/**
 * The copies Foundry shows on a combatant (its `initiative` and `defeated`, hers to write) put back
 * to the GM's record: a combatant she created again with an initiative of her choosing shows the one
 * the GM gave her fighter.
 */
async function restoreCopies(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void> {
  if (!combat.combatants.has(combatant.id!)) return;
  const change = copiesChange(combat, combatant);
  if (change) await combatant.update(change, { turnEvents: false } as never);
}

function copiesChange(combat: Combat.Implementation, combatant: Combatant.Implementation): { initiative?: number | null; defeated?: boolean } | null {
  const change: { initiative?: number | null; defeated?: boolean } = {};
  const initiative = initiativeOf(combat, combatant);
  if ((combatant.initiative ?? null) !== initiative) change.initiative = initiative;
  const defeated = defeatedOf(combat, combatant);
  if (combatant.defeated !== defeated) change.defeated = defeated;
  return Object.keys(change).length ? change : null;
}

/**
 * A combatant joins: its side is its token's disposition now. Only a GM's creation data may give it
 * an initiative. A fighter already in the fight (a combatant deleted and created again) keeps its
 * entry; a player's second fighter is dismissed.
 */
function onCreateCombatant(combatant: Combatant.Implementation, options: { combatTurn?: unknown }, userId: string): Promise<void> | void {
  const combat = combatant.combat ? fray(combatant.combat) : null;
  if (!isActiveGM() || !combat) return;
  if (!byGM(userId) && mintsFighter(combat, combatant)) return keep(() => dismiss(combat, combatant, userId));
  const initiative = byGM(userId) && typeof combatant.initiative === "number" ? combatant.initiative : null;
  const waiting = joining.get(combat.id!) ?? new Map<string, RosterEntry>();
  waiting.set(combatant.id!, freshEntry(combat, combatant, initiative, byGM(userId)));
  joining.set(combat.id!, waiting);
  const enlisted = keep(() => enlist(combat));
  if (byGM(userId)) return enlisted;
  const copied = enlisted.then(() => keep(() => restoreCopies(combat, combatant)));
  return options.combatTurn === undefined ? copied : copied.then(() => keep(() => settleClock(combat)));
}

/**
 * A player's combatant update may carry a turn of her choosing (`combatTurn`): the clock's goes back.
 * A GM's own initiative (typed in the combatant's sheet, a macro) becomes the roster's: the GM may
 * set any score; Fray's steps write both, so theirs already agree.
 */
function onUpdateCombatant(combatant: Combatant.Implementation, changed: Record<string, unknown>, options: { combatTurn?: unknown }, userId: string): Promise<void> | void {
  const combat = combatant.combat ? fray(combatant.combat) : null;
  if (!isActiveGM() || !combat) return;
  if (!byGM(userId)) {
    const work: Promise<void>[] = [];
    if (options.combatTurn !== undefined) work.push(keep(() => settleClock(combat)));
    if ("defeated" in changed || "initiative" in changed) work.push(keep(() => restoreCopies(combat, combatant)));
    return work.length ? Promise.all(work).then(() => undefined) : undefined;
  }
  const was = (options as { frayFighterWas?: unknown }).frayFighterWas;
  const renamed = typeof was === "string" ? keep(() => renameFighter(combat, was, recordKey(combatant))) : undefined;
  const marked = "defeated" in changed ? keep(() => markDefeat(combat, combatant, combatant.defeated)) : renamed;
  if (!("initiative" in changed)) return marked;
  return keep(async () => {
    const initiative = typeof combatant.initiative === "number" && Number.isFinite(combatant.initiative) ? combatant.initiative : null;
    if (!combat.combatants.has(combatant.id!) || initiativeOf(combat, combatant) === initiative) return;
    const update = isSettled(combat, combatant) ? { [rosterPath(combatant, "initiative")]: initiative } : rosterUpdate(combat, { [combatant.id!]: { ...rosterEntry(combat, combatant), initiative } });
    await writeCombat(combat, update, { turnEvents: false });
  });
}

/**
 * A GM pointed a combatant at another token or actor: its fighter's records go to the key it has now.
 * Foundry kept the acting combatant's turn across that combatant update by sorting before the records
 * moved (Combatant._preUpdateOperation), so its turn may name someone else: it goes back to the clock.
 */
async function renameFighter(combat: Combat.Implementation, from: string, to: string): Promise<void> {
  const update = renamedFighterUpdate(combat, from, to);
  if (update) await writeCombat(combat, update, { turnEvents: false });
  await settleClock(combat);
}

/** A GM marked or cleared the combatant's defeat: the roster keeps it, and the tracker's row shows it whatever the actor's status says. */
async function markDefeat(combat: Combat.Implementation, combatant: Combatant.Implementation, defeated: boolean): Promise<void> {
  if (!combat.combatants.has(combatant.id!)) return;
  if (combatant.defeated !== defeated) await combatant.update({ defeated }, { turnEvents: false } as never);
  if (rosterEntry(combat, combatant).defeated === defeated) return;
  const update = isSettled(combat, combatant) ? { [rosterPath(combatant, "defeated")]: defeated } : rosterUpdate(combat, { [combatant.id!]: { ...rosterEntry(combat, combatant), defeated } });
  await writeCombat(combat, update, { turnEvents: false });
}

/** A GM gave or took statuses (a card's Apply, the token HUD, a macro): the roster keeps them for each combatant of the actor. */
async function markStatuses(combat: Combat.Implementation, combatant: Combatant.Implementation, ids: readonly string[], given: boolean): Promise<void> {
  if (!combat.combatants.has(combatant.id!)) return;
  const statuses = statusesAfter(combat, combatant, ids, given);
  const update = isSettled(combat, combatant) ? { [rosterPath(combatant, "statuses")]: statuses } : rosterUpdate(combat, { [combatant.id!]: { ...rosterEntry(combat, combatant), statuses } });
  await writeCombat(combat, update, { turnEvents: false });
}

/**
 * A GM gave or took an effect with statuses: the roster records them (a player's own change of her
 * actor's effects is not recorded), and with the defeated status (the tracker's skull, the token
 * HUD, a card's Apply) its combatants' defeat follows.
 */
function onEffectChange(effect: ActiveEffect.Implementation, userId: string, given: boolean): Promise<void> | void {
  const status = CONFIG.specialStatusEffects.DEFEATED;
  const actor = effect.parent instanceof Actor ? effect.parent : null;
  if (!isActiveGM() || !byGM(userId) || !actor || effect.statuses.size === 0) return;
  const ids = [...effect.statuses];
  const work: Promise<void>[] = [];
  for (const stored of game.combats ?? []) {
    const combat = fray(stored);
    for (const combatant of combat.combatants) {
      if (combatant.actor !== actor) continue;
      work.push(keep(() => markStatuses(combat, combatant, ids, given)));
      if (effect.statuses.has(status)) work.push(keep(() => markDefeat(combat, combatant, actor.statuses.has(status))));
    }
  }
  return work.length ? Promise.all(work).then(() => undefined) : undefined;
}

/**
 * Whom Foundry's stored turn names once a combatant left. Build 350 passes the acting one's turn to
 * no survivor (Combatant._preDeleteOperation reads `this.turn` in a static method): the stored turn
 * stays, so whoever stands at that place now acts, and after the last of the order no one does.
 * Each client's setupTurns then wraps such a turn to the next round's first in its own memory,
 * never saved, which the clock must not follow: that round begins when the GM moves the turn on.
 */
function storedActing(combat: Combat.Implementation): Combatant.Implementation | undefined {
  const turn = storedTurn(combat);
  return turn === null ? undefined : combat.turns[turn];
}

/** Foundry's turn as stored (not the one setupTurns wrapped in this client's memory). */
function storedTurn(combat: Combat.Implementation): number | null {
  const turn = (combat._source as { turn?: unknown }).turn;
  return typeof turn === "number" ? turn : null;
}

/**
 * A combatant leaves: its fighter's entry and records stay for the rest of the fight (a player may
 * delete her combatant and create it again: it is the same fighter). If it was acting, the turn
 * Foundry passed on becomes the clock's.
 */
function onDeleteCombatant(combatant: Combatant.Implementation, _options: unknown, userId: string): Promise<void> | void {
  const combat = combatant.combat ? fray(combatant.combat) : null;
  if (!isActiveGM() || !combat || !game.combats?.has(combat.id!)) return;
  return keep(async () => {
    const update: Record<string, unknown> = {};
    const clock = clockOf(combat);
    if (clock.kept && clock.fighter !== null && (clock.fighter === combatant.id || clock.fighter === recordKey(combatant)) && !combat.combatants.some((c) => recordKey(c) === recordKey(combatant))) Object.assign(update, clockUpdate(clock.round, storedActing(combat) ?? null, storedTurn(combat)));
    if (Object.keys(update).length) await writeCombat(combat, update, { turnEvents: false });
    if (!byGM(userId)) await settleClock(combat);
  });
}

/**
 * A player wrote the round or the turn: both go back to the clock. She may also write her
 * combatants through the Combat's own update (BaseCombat#canUpdate), which v13 merges by id and
 * announces with updateCombat alone: her `defeated` goes back as from her combatant's update.
 */
function onUpdateCombat(combat: Combat.Implementation, changed: Record<string, unknown>, _options: unknown, userId: string): Promise<void> | void {
  if (!isActiveGM() || byGM(userId)) return;
  const work: Promise<void>[] = [];
  if ("round" in changed || "turn" in changed) work.push(keep(() => settleClock(fray(combat))));
  for (const entry of Array.isArray(changed.combatants) ? (changed.combatants as Record<string, unknown>[]) : []) {
    const combatant = typeof entry._id === "string" && "defeated" in entry ? combat.combatants.get(entry._id) : undefined;
    if (combatant) work.push(keep(() => restoreCopies(fray(combat), combatant)));
  }
  return work.length ? Promise.all(work).then(() => undefined) : undefined;
}

/** A GM turned a token to another side: its combatants fight on that side from now on. A player's turn changes nothing. */
function onUpdateToken(token: TokenDocument.Implementation, changed: Record<string, unknown>, _options: unknown, userId: string): Promise<void> | void {
  if (!isActiveGM() || !byGM(userId) || !("disposition" in changed)) return;
  const work: Promise<void>[] = [];
  for (const stored of game.combats ?? []) {
    const combat = fray(stored);
    const moved = combat.combatants.filter((c) => c.tokenId === token.id && c.sceneId === token.parent?.id);
    if (!moved.length) continue;
    const entries = Object.fromEntries(moved.map((c) => [c.id!, { ...rosterEntry(combat, c), side: dispositionNow(c) }]));
    work.push(keep(() => writeCombat(combat, rosterUpdate(combat, entries), { turnEvents: false }).then(() => undefined)));
  }
  return work.length ? Promise.all(work).then(() => undefined) : undefined;
}

/**
 * At `ready`, on the active GM: every Combat checked against the GM's own record, since players may
 * have written while no GM was connected (v13 lets any player write a Combat's `round` and `turn`,
 * and an owner create, update and delete her combatant):
 * - records an older Fray kept by combatant id move to fighter keys (migration.ts);
 * - a combatant a player added meanwhile that would be a second fighter is dismissed; one she
 *   created again for her fighter takes its entry back; a fighter new to the fight is enlisted as a
 *   player's (the vouched side, no initiative: she rolls through the GM like anyone);
 * - Foundry's round and turn go back to the clock, and each combatant's initiative and defeat to the roster's.
 * A combat from before the clock and roster gets both, from what Foundry's fields hold now (the
 * GM's own world, once). Nothing is written for a combat that agrees.
 */
export async function settleWorld(): Promise<void> {
  if (!isActiveGM()) return;
  for (const stored of game.combats ?? []) {
    const combat = fray(stored);
    await migrateFighterKeys(combat);
    // The first combatant of a fighter stays (the one the GM saw join); one added after it, or a new fighter of an actor who already fights, goes.
    const seen = new Set<string>();
    const second = combat.combatants.filter((c) => {
      const key = recordKey(c);
      const again = seen.has(key) || (!isEnlisted(combat, c) && mintsFighter(combat, c));
      seen.add(key);
      return again;
    });
    for (const combatant of second) await dismiss(combat, combatant, null);
    const update: Record<string, unknown> = {};
    if (!foundry.utils.hasProperty(combat._source, `flags.${SYSTEM_ID}.${CLOCK_KEY}`)) Object.assign(update, clockUpdate(combat.round, combat.round > 0 ? combat.combatant : null));
    const missing = combat.combatants.filter((c) => !isSettled(combat, c));
    if (missing.length) Object.assign(update, rosterUpdate(combat, Object.fromEntries(missing.map((c) => [c.id!, rosterEntry(combat, c)]))));
    if (Object.keys(update).length) await writeCombat(combat, update, { turnEvents: false });
    await settleClock(combat);
    const copies = combat.combatants.contents.flatMap((c) => {
      const change = copiesChange(combat, c);
      return change ? [{ _id: c.id!, ...change }] : [];
    });
    if (copies.length) await combat.updateEmbeddedDocuments("Combatant", copies, { turnEvents: false } as never);
  }
}

export function registerCombatKeeping(): void {
  // The hooks pass the stored base documents; the configured classes are Fray's.
  Hooks.on("createCombatant", (c, options, userId) => onCreateCombatant(c as Combatant.Implementation, options as { combatTurn?: unknown }, userId));
  Hooks.on("updateCombatant", (c, changed, options, userId) => onUpdateCombatant(c as Combatant.Implementation, changed as Record<string, unknown>, options as { combatTurn?: unknown }, userId));
  Hooks.on("deleteCombatant", (c, options, userId) => onDeleteCombatant(c as Combatant.Implementation, options, userId));
  Hooks.on("updateCombat", (combat, changed, options, userId) => onUpdateCombat(fray(combat), changed as Record<string, unknown>, options, userId));
  Hooks.on("createActiveEffect", (effect, _options, userId) => onEffectChange(effect as ActiveEffect.Implementation, userId, true));
  Hooks.on("deleteActiveEffect", (effect, _options, userId) => onEffectChange(effect as ActiveEffect.Implementation, userId, false));
  Hooks.on("updateToken", (token, changed, options, userId) => onUpdateToken(token as TokenDocument.Implementation, changed as Record<string, unknown>, options, userId));
  Hooks.once("ready", () => void keep(settleWorld));
}
