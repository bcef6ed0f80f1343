/**
 * Declarations (seed 004, Rounds and Actions): in its turn a side declares every action first (the
 * attack and its target, a stance ability, or nothing more), each shown on the Combat Grid and the
 * tracker; its attack cards wait unrolled. When the side's last fighter has declared, or the GM
 * closes them, every waiting attack rolls at once. Kept on the Combat's flags, which only a GM writes.
 */
import { chooseAsGm } from "../../../cards/index.js";
import { cardOf } from "../../../cards/model.js";
import { roundOf } from "../../../combat/clock.js";
import { isDead } from "../actor-data.js";
import { type Fighter, fightersOf } from "./fight.js";
import { type Declared, stateOf, statePath, type TorchlightCombatState } from "./state.js";
import { writeCombat } from "../../../combat/write.js";

/** Whose turn a fighter declares in: the players' (a player owns it) or the GM's. */
export type DeclaringSide = "players" | "gm";

export const declaringSide = (fighter: Fighter): DeclaringSide => (fighter.playersTurn ? "players" : "gm");

/** Her declaration this round, if she made one. */
export function declaredNow(state: TorchlightCombatState, id: string, round: number): Declared | undefined {
  const declared = state.declared[id];
  return declared?.round === round ? declared : undefined;
}

/**
 * Whether the side's declared attacks have rolled in this turn of the round: a declaration now would
 * come after them, which the rules refuse ("All Actions must be declared before any Attacks are made",
 * seed 004, Actions). A declared attack waits `held` until its side's declarations close, so one no
 * longer held has rolled. Only this turn's count: a GM's character without a player who attacked in
 * the players' turn leaves the GM's turn open.
 */
export function attacksRolled(state: TorchlightCombatState, fighters: readonly Fighter[], side: DeclaringSide, round: number): boolean {
  return fighters.some((f) => {
    const declared = declaringSide(f) === side ? declaredNow(state, f.id, round) : undefined;
    return declared?.action === "attack" && !declared.held && declared.turn === state.phase;
  });
}

/** Whether her declarations are complete: an attack, an ability that takes the attack's place, or her End Turn. */
function complete(state: TorchlightCombatState, fighter: Fighter, round: number): boolean {
  const declared = declaredNow(state, fighter.id, round);
  if (!declared) return false;
  // Protect Companion leaves her attack to declare.
  return declared.action !== "ability" || state.abilities[fighter.id]?.ability !== "protect-companion";
}

/** The side's fighters who act this round and so must declare: in the fight, standing, not waiting on their Initiative. */
export function declarers(combat: Combat.Implementation, state: TorchlightCombatState, side: DeclaringSide): Fighter[] {
  const round = roundOf(combat);
  return fightersOf(combat, state).filter(
    (f) => declaringSide(f) === side && f.actor !== null && !f.incapacitated && !isDead(f.actor) && state.retreated[f.id] === undefined && (state.initiative[f.id]?.actsFrom ?? 0) <= round,
  );
}

/** Open attack cards of this fight and side still waiting for the declarations to close. */
function heldCards(combat: Combat.Implementation, side: DeclaringSide): ChatMessage.Implementation[] {
  return (game.messages?.contents ?? []).filter((message) => {
    const card = cardOf(message);
    return card?.kind === "torchlight.attack" && card.state === "open" && card.request.combat === combat.id && card.request.side === side && card.outcome?.awaiting?.choice === "held";
  });
}

/** On the active GM: every declared attack of the side rolls now, and no declaration of it waits any more. */
export async function closeDeclarations(combat: Combat.Implementation, side: DeclaringSide): Promise<void> {
  for (const message of heldCards(combat, side)) await chooseAsGm(message.id ?? "", "held", false);
  const state = stateOf(combat);
  const ofSide = new Set(fightersOf(combat, state).filter((f) => declaringSide(f) === side).map((f) => f.id));
  const released = Object.entries(state.declared).filter(([id, d]) => d.held && ofSide.has(id));
  if (released.length) await writeCombat(combat, Object.fromEntries(released.map(([id]) => [statePath("declared", id, "held"), false])));
}

/** On the active GM: one fighter's declaration; the last of her side closes them. */
export async function recordDeclaration(combat: Combat.Implementation, fighterId: string, side: DeclaringSide, declared: Declared): Promise<void> {
  await writeCombat(combat, { [statePath("declared", fighterId)]: { ...declared, turn: stateOf(combat).phase } });
  await closeIfDeclared(combat, side);
}

/** On the active GM: closes the side's declarations once every one of its fighters has declared. */
export async function closeIfDeclared(combat: Combat.Implementation, side: DeclaringSide): Promise<void> {
  const state = stateOf(combat);
  const round = Math.max(1, roundOf(combat));
  if (declarers(combat, state, side).every((f) => complete(state, f, round))) await closeDeclarations(combat, side);
}
