/**
 * Where a sheet or dialog stands in the fight this client views: the Combat, the actor's fighter in
 * it (through its token on the scene, else its combatant), and the others it may name as targets.
 */
import { type Fighter, fighterFor, fightersOf, viewedCombat } from "../combat/fight.js";
import { whoOf, type Who } from "../cards/post.js";
import { hasBegun } from "../../../combat/clock.js";

export interface SheetFight {
  combat: Combat.Implementation;
  fighters: Fighter[];
  me: Fighter;
}

/** The actor's fighter in the viewed Combat, or a message saying why there is none. */
export function sheetFight(actor: Actor.Implementation): SheetFight | { refusal: string } {
  const i18n = game.i18n!;
  const combat = viewedCombat();
  if (!combat || !hasBegun(combat)) return { refusal: i18n.localize("FRAY.Torchlight.Refused.NoFight") };
  const fighters = fightersOf(combat);
  const token = actor.token ?? actor.getActiveTokens(false, true)[0] ?? null;
  const me = fighterFor(fighters, actor, token);
  if (!me) return { refusal: i18n.format("FRAY.Torchlight.Refused.NotInFight", { name: actor.name }) };
  return { combat, fighters, me };
}

/** The fighters this user may name as a target: everyone else she can see, enemies first. */
export function targetsFor(fight: SheetFight): Fighter[] {
  const others = fight.fighters.filter((f) => f.id !== fight.me.id && f.actor && f.combatant.visible);
  return [...others.filter((f) => f.side !== fight.me.side), ...others.filter((f) => f.side === fight.me.side)];
}

/** The fighter of the one token this user targets, if it is in the fight. */
export function targetedFighter(fight: SheetFight): Fighter | undefined {
  const targets = [...(game.user?.targets ?? [])];
  if (targets.length !== 1) return undefined;
  const token = targets[0]!.document;
  return fight.fighters.find((f) => f.token?.uuid === token.uuid);
}

export const who = (fighter: Fighter): Who => whoOf(fighter);
