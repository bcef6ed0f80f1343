/**
 * The tracker's clicks as requests. Rolling initiative and a row's buttons change what only the GM
 * may write (the Combat's flags, other combatants' order), so each goes, like a card step, through
 * the relay to the active GM: the clicking user gathers her choice and rolls the dice the rules ask
 * for on her own client; the GM learns who asks from the server, checks that the combatants are
 * hers, re-runs the rules over exactly those dice, and writes. Nothing she sends says who she is.
 */
import { DiceTray, givenDice, type SizedFace } from "../../core/dice/source.js";
import { rollMissing } from "../dice/missing.js";
import { sizedFacesOf } from "../dice/roll.js";
import { ask, MAX_REQUEST_CHARS, onRequest, Refused } from "../relay/index.js";
import { actingCombatant, hasBegun } from "./clock.js";
import { arrivedCombatRules } from "./active.js";
import { settleClock } from "./clock.js";
import type { CombatAsk, RulesetCombatRules, TurnStep } from "./rules.js";

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));
const refuse = (key: string, data?: Record<string, string>): never => {
  throw new Refused(localize(`FRAY.Combat.Refused.${key}`, data));
};

/** The action name a roll of initiative goes by (row buttons use the ruleset's own names). */
export const INITIATIVE = "initiative";

/** On the clicking user's client: her choice, and a Roll of exactly the dice the rules ask for. */
async function gather(rules: RulesetCombatRules, combat: Combat.Implementation, combatants: Combatant.Implementation[], action: string): Promise<{ choice: Record<string, unknown>; roll: string | null } | null> {
  const choice = rules.choose ? await rules.choose(combat, combatants, action) : {};
  if (!choice) return null;
  const run = rules.dice?.(combat, combatants, action, choice, game.user!);
  if (!run) return { choice, roll: null };
  const { roll } = await rollMissing([], run);
  return { choice, roll: roll ? JSON.stringify(roll.toJSON()) : null };
}

/** Rolls initiative for combatants the user may roll for (a GM for anyone). Refusals are shown; nothing else changes. */
export async function requestInitiative(combat: Combat.Implementation, combatants: Combatant.Implementation[]): Promise<void> {
  const rules = await arrivedCombatRules();
  if (!rules || !combatants.length) return;
  const gathered = await gather(rules, combat, combatants, INITIATIVE);
  if (!gathered) return;
  await ask("combat.roll", { combat: combat.id!, combatants: combatants.map((c) => c.id!), ...gathered });
}

/** A row button (a ruleset action) on a combatant. */
export async function requestAction(combat: Combat.Implementation, combatant: Combatant.Implementation, action: string): Promise<void> {
  const rules = await arrivedCombatRules();
  if (!rules) return;
  const gathered = await gather(rules, combat, [combatant], action);
  if (!gathered) return;
  await ask("combat.act", { combat: combat.id!, combatants: [combatant.id!], action, ...gathered });
}

/** The GM's reset of a row whose stored state cannot be read. */
export async function requestReset(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void> {
  await ask("combat.reset", { combat: combat.id!, combatants: [combatant.id!] });
}

/**
 * A player's turn control: she may end the turn of a combatant she owns when it is its turn by the
 * GM's clock; moving the turn back, or the round, is the GM's. Refused on her client when plainly
 * not hers (the GM checks again).
 */
export async function requestTurn(combat: Combat.Implementation, step: TurnStep): Promise<void> {
  if (step !== "nextTurn") refuse("TurnGm");
  if (!actingCombatant(combat)?.isOwner) refuse("NotYourTurn");
  await ask("combat.turn", { combat: combat.id!, step });
}

/** Foundry's Clear Initiative (one row) or Reset Initiative (every row), as the ruleset clears it (a GM's). */
export async function requestClear(combat: Combat.Implementation, combatants: Combatant.Implementation[]): Promise<void> {
  if (!game.user?.isGM) refuse("ClearGm");
  if (!combatants.length) return;
  await ask("combat.clear", { combat: combat.id!, combatants: combatants.map((c) => c.id!) });
}

/* ---------------- On the active GM ---------------- */

function sentDice(sent: unknown): SizedFace[] {
  if (sent === null || sent === undefined) return [];
  // The same bound as a card's roll: a forged string is refused before it is parsed.
  if (typeof sent !== "string" || sent.length > MAX_REQUEST_CHARS) return refuse("BadRoll");
  try {
    const data = JSON.parse(sent) as Record<string, unknown>;
    if (data?.evaluated !== true) return refuse("BadRoll");
    // Roll.fromData takes a client's Roll#toJSON; anything else throws and is refused.
    const dice = sizedFacesOf(Roll.fromData(data as never));
    return dice.length <= 100 ? dice : refuse("BadRoll");
  } catch (error) {
    if (error instanceof Refused) throw error;
    return refuse("BadRoll");
  }
}

/** The combat named and the ruleset's rules. */
async function combatOf(payload: Record<string, unknown>): Promise<{ combat: Combat.Implementation; rules: RulesetCombatRules }> {
  const rules = (await arrivedCombatRules()) ?? refuse("NoCombat");
  // game.combats holds the configured class (FrayCombat); fvtt-types types its entries as the stored base Combat.
  const combat = (typeof payload.combat === "string" ? game.combats?.get(payload.combat) : undefined) as Combat.Implementation | undefined;
  return combat ? { combat, rules } : refuse("NoCombat");
}

/** The combat, the combatants named (each of it) and the ruleset's rules. */
async function read(payload: Record<string, unknown>): Promise<{ combat: Combat.Implementation; combatants: Combatant.Implementation[]; rules: RulesetCombatRules }> {
  const { combat, rules } = await combatOf(payload);
  const ids = Array.isArray(payload.combatants) ? payload.combatants.slice(0, 200) : [];
  const combatants = ids.map((id) => (typeof id === "string" ? combat.combatants.get(id) : undefined));
  if (!combatants.length || combatants.some((c) => !c)) refuse("NoCombatant");
  return { combat, combatants: combatants as Combatant.Implementation[], rules };
}

/** A player rolls and acts only for her own combatants; a GM for anyone. */
function checkOwner(combatants: readonly Combatant.Implementation[], asker: User.Implementation): void {
  if (asker.isGM) return;
  for (const combatant of combatants) if (!combatant.testUserPermission(asker, "OWNER")) refuse("NotYours", { name: combatant.name ?? "" });
}

function choiceOf(payload: Record<string, unknown>): Record<string, unknown> {
  const choice = payload.choice;
  return typeof choice === "object" && choice !== null && !Array.isArray(choice) ? (choice as Record<string, unknown>) : {};
}

/**
 * The asker's dice, checked: the rules run over them must use every one (a dry run, before
 * anything is written), then the ruleset's step gets a tray over the same dice.
 */
function askOf(rules: RulesetCombatRules, combat: Combat.Implementation, combatants: Combatant.Implementation[], action: string, payload: Record<string, unknown>, asker: User.Implementation): CombatAsk {
  const choice = choiceOf(payload);
  const dice = sentDice(payload.roll);
  const run = rules.dice?.(combat, combatants, action, choice, asker);
  if (run || dice.length) {
    const source = givenDice(dice);
    try {
      run?.(new DiceTray(source));
    } catch (error) {
      throw new Refused(error instanceof Error ? error.message : String(error));
    }
    if (source.used() !== dice.length) refuse("DiceLeftOver", { count: String(dice.length - source.used()) });
  }
  return { choice, dice, tray: () => new DiceTray(givenDice(dice)), asker };
}

async function serveRoll(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  const { combat, combatants, rules } = await read(payload);
  checkOwner(combatants, asker);
  await rules.rollInitiative(combat, combatants, askOf(rules, combat, combatants, INITIATIVE, payload, asker));
}

async function serveAction(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  const { combat, combatants, rules } = await read(payload);
  const action = typeof payload.action === "string" ? payload.action : "";
  if (!rules.actions.includes(action)) refuse("NoAction", { action: action.slice(0, 40) });
  if (rules.gmActions?.includes(action) && !asker.isGM) refuse("GmAction");
  checkOwner(combatants, asker);
  await rules.act(combat, combatants[0]!, action, askOf(rules, combat, combatants, action, payload, asker));
}

async function serveReset(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  if (!asker.isGM) refuse("ResetGm");
  const { combat, combatants, rules } = await read(payload);
  await rules.reset(combat, combatants[0]!);
}

/** A player's end of her turn: her combatant acts now by the clock; Foundry's next turn then runs on the GM. */
async function serveTurn(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  const { combat, rules } = await combatOf(payload);
  if (payload.step !== "nextTurn") refuse("TurnGm");
  // A round of phases moves by the GM's controls only.
  if (rules.advance && !asker.isGM) refuse("TurnGm");
  const acting = actingCombatant(combat);
  if (!hasBegun(combat) || !acting || !(asker.isGM || acting.testUserPermission(asker, "OWNER"))) refuse("NotYourTurn");
  await settleClock(combat);
  await combat.nextTurn();
}

async function serveClear(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  if (!asker.isGM) refuse("ClearGm");
  const { combat, combatants, rules } = await read(payload);
  const clear = rules.clearInitiative ?? refuse("NoClear");
  await clear(combat, combatants);
}

export function registerCombatRequests(): void {
  onRequest("combat.roll", serveRoll);
  onRequest("combat.act", serveAction);
  onRequest("combat.reset", serveReset);
  onRequest("combat.turn", serveTurn);
  onRequest("combat.clear", serveClear);
}
