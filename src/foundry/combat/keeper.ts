/**
 * What the active GM's client keeps, whatever the ruleset: Foundry's `round` and `turn` put back to
 * the GM's clock after a player wrote them (clock.ts), and the roster (roster.ts) written as
 * combatants join, leave or change side. Every client hears the same document events; only the
 * active GM acts on them, one at a time, and each writes without turn events.
 *
 * Who may write what, in v13 (common/documents/combat.mjs, combatant.mjs, token.mjs):
 * - a player may update a Combat's `round` and `turn` (BaseCombat#canUpdate), and her combatant's
 *   update may carry `combatTurn`, which the server stores as the turn: here both go back to the clock;
 * - a player may update her own combatant's `initiative`, flags, `defeated` and system, and her
 *   token's `disposition`: the rules read the roster instead, so these decide nothing (a GM's
 *   initiative, typed in Foundry's combatant sheet, becomes the roster's; so does a GM's defeat,
 *   marked on the tracker or as the actor's defeated status; her `defeated` goes back);
 * - only a GM may update a Combat's flags: the clock, the roster and every ruleset's state live there.
 */
import { SYSTEM_ID } from "../system.js";
import { CLOCK_KEY, clockOf, clockUpdate } from "./clock.js";
import { settleClock } from "./clock.js";
import { report } from "./combat.js";
import { defeatedOf, dispositionNow, freshEntry, initiativeOf, isEnlisted, isSettled, rosterEntry, type RosterEntry, rosterPath, rosterUpdate, statusesAfter } from "./roster.js";

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
  const entries = Object.fromEntries([...waiting].filter(([id]) => combat.combatants.has(id) && !isEnlisted(combat, id)));
  // Dotted flag paths built at run time are outside fvtt-types' typed update data.
  if (Object.keys(entries).length) await combat.update(rosterUpdate(entries) as never, { turnEvents: false } as never);
}

/** A combatant joins: its side is its token's disposition now. Only a GM's creation data may give it an initiative. */
function onCreateCombatant(combatant: Combatant.Implementation, options: { combatTurn?: unknown }, userId: string): Promise<void> | void {
  const combat = combatant.combat ? fray(combatant.combat) : null;
  if (!isActiveGM() || !combat) return;
  const initiative = byGM(userId) && typeof combatant.initiative === "number" ? combatant.initiative : null;
  const waiting = joining.get(combat.id!) ?? new Map<string, RosterEntry>();
  waiting.set(combatant.id!, freshEntry(combat, combatant, initiative, byGM(userId)));
  joining.set(combat.id!, waiting);
  const enlisted = keep(() => enlist(combat));
  return byGM(userId) || options.combatTurn === undefined ? enlisted : enlisted.then(() => keep(() => settleClock(combat)));
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
    if ("defeated" in changed) work.push(keep(() => restoreDefeat(combat, combatant)));
    return work.length ? Promise.all(work).then(() => undefined) : undefined;
  }
  const marked = "defeated" in changed ? keep(() => markDefeat(combat, combatant, combatant.defeated)) : undefined;
  if (!("initiative" in changed)) return marked;
  return keep(async () => {
    const initiative = typeof combatant.initiative === "number" && Number.isFinite(combatant.initiative) ? combatant.initiative : null;
    if (!combat.combatants.has(combatant.id!) || initiativeOf(combat, combatant) === initiative) return;
    const update = isSettled(combat, combatant.id!) ? { [rosterPath(combatant.id!, "initiative")]: initiative } : rosterUpdate({ [combatant.id!]: { ...rosterEntry(combat, combatant), initiative } });
    // Dotted flag paths built at run time are outside fvtt-types' typed update data.
    await combat.update(update as never, { turnEvents: false } as never);
  });
}

/** A GM marked or cleared the combatant's defeat: the roster keeps it, and the tracker's row shows it whatever the actor's status says. */
async function markDefeat(combat: Combat.Implementation, combatant: Combatant.Implementation, defeated: boolean): Promise<void> {
  if (!combat.combatants.has(combatant.id!)) return;
  if (combatant.defeated !== defeated) await combatant.update({ defeated }, { turnEvents: false } as never);
  if (rosterEntry(combat, combatant).defeated === defeated) return;
  const update = isSettled(combat, combatant.id!) ? { [rosterPath(combatant.id!, "defeated")]: defeated } : rosterUpdate({ [combatant.id!]: { ...rosterEntry(combat, combatant), defeated } });
  // Dotted flag paths built at run time are outside fvtt-types' typed update data.
  await combat.update(update as never, { turnEvents: false } as never);
}

/** A player wrote her combatant's `defeated`: it goes back to what the GM decided. */
async function restoreDefeat(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void> {
  const defeated = defeatedOf(combat, combatant);
  if (combat.combatants.has(combatant.id!) && combatant.defeated !== defeated) await combatant.update({ defeated }, { turnEvents: false } as never);
}

/** A GM gave or took statuses (a card's Apply, the token HUD, a macro): the roster keeps them for each combatant of the actor. */
async function markStatuses(combat: Combat.Implementation, combatant: Combatant.Implementation, ids: readonly string[], given: boolean): Promise<void> {
  if (!combat.combatants.has(combatant.id!)) return;
  const statuses = statusesAfter(combat, combatant, ids, given);
  const update = isSettled(combat, combatant.id!) ? { [rosterPath(combatant.id!, "statuses")]: statuses } : rosterUpdate({ [combatant.id!]: { ...rosterEntry(combat, combatant), statuses } });
  // Dotted flag paths built at run time are outside fvtt-types' typed update data.
  await combat.update(update as never, { turnEvents: false } as never);
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

/** A combatant leaves: its entry goes; if it was acting, the turn Foundry passed on becomes the clock's. */
function onDeleteCombatant(combatant: Combatant.Implementation, _options: unknown, userId: string): Promise<void> | void {
  const combat = combatant.combat ? fray(combatant.combat) : null;
  if (!isActiveGM() || !combat || !game.combats?.has(combat.id!)) return;
  return keep(async () => {
    const update: Record<string, unknown> = isEnlisted(combat, combatant.id!) ? rosterUpdate({ [combatant.id!]: null }) : {};
    const clock = clockOf(combat);
    if (clock.kept && clock.combatant === combatant.id) Object.assign(update, clockUpdate(clock.round, combat.combatant?.id ?? null));
    // Dotted flag paths built at run time are outside fvtt-types' typed update data.
    if (Object.keys(update).length) await combat.update(update as never, { turnEvents: false } as never);
    if (!byGM(userId)) await settleClock(combat);
  });
}

/** A player wrote the round or the turn: both go back to the clock. */
function onUpdateCombat(combat: Combat.Implementation, changed: Record<string, unknown>, _options: unknown, userId: string): Promise<void> | void {
  if (!isActiveGM() || byGM(userId) || !("round" in changed || "turn" in changed)) return;
  return keep(() => settleClock(fray(combat)));
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
    // Dotted flag paths built at run time are outside fvtt-types' typed update data.
    work.push(keep(() => combat.update(rosterUpdate(entries) as never, { turnEvents: false } as never).then(() => undefined)));
  }
  return work.length ? Promise.all(work).then(() => undefined) : undefined;
}

/**
 * At `ready`, on the active GM: a combat from before the clock and roster gets both, from what
 * Foundry's fields hold now (the GM's own world, once). Nothing is written for a combat that has them.
 */
export async function settleWorld(): Promise<void> {
  if (!isActiveGM()) return;
  for (const stored of game.combats ?? []) {
    const combat = fray(stored);
    const update: Record<string, unknown> = {};
    if (!foundry.utils.hasProperty(combat._source, `flags.${SYSTEM_ID}.${CLOCK_KEY}`)) Object.assign(update, clockUpdate(combat.round, combat.round > 0 ? (combat.combatant?.id ?? null) : null));
    const missing = combat.combatants.filter((c) => !isSettled(combat, c.id!));
    if (missing.length) Object.assign(update, rosterUpdate(Object.fromEntries(missing.map((c) => [c.id!, rosterEntry(combat, c)]))));
    // Dotted flag paths built at run time are outside fvtt-types' typed update data.
    if (Object.keys(update).length) await combat.update(update as never, { turnEvents: false } as never);
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
