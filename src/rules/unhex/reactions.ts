import type { ActionBudget } from "./budget.js";
import type { WeaponKind } from "./tables.js";
import { WEAPON_REACH } from "./tables.js";

export type ReactionKind = "counterattack" | "defend" | "intercept";

/** What is being reacted to, as the reacting character sees it. */
export interface ReactionContext {
  trigger: "attack" | "move" | "reaction";
  budget: ActionBudget;
  /** Declared before the triggering roll's dice were rolled. */
  declaredBeforeDice: boolean;
  /** Attacks: whether the reacting character is the one attacked. */
  targetIsYou?: boolean;
  /** Attacks: range from the attacker, whether the attack is ranged, whether you have cover against it. */
  range?: number | null;
  ranged?: boolean;
  cover?: boolean;
  /** Counterattack / intercept: the weapon you would use. */
  weapon?: WeaponKind;
  /** Intercept: whether the mover is within your weapon's range and your line of sight. */
  moverInReach?: boolean;
}

/** Why a reaction is not allowed, or null when it is. */
export function reactionProblem(kind: ReactionKind, context: ReactionContext): string | null {
  if (context.budget.available < 1) return "no action left this round";
  if (!context.declaredBeforeDice) return "a reaction must be declared before the dice are rolled";
  if (context.trigger === "reaction") return "you cannot react to a reaction";
  if (kind === "intercept") {
    if (context.trigger !== "move") return "intercept reacts to a move";
    return context.moverInReach ? null : "the mover is not within your range and line of sight";
  }
  if (context.trigger !== "attack") return `${kind} reacts to an attack`;
  if (context.targetIsYou === false) return `you can only ${kind} an attack against you`;
  if (kind === "counterattack") {
    if (context.range !== 0) return "counterattack only against an attacker in your area";
    if (context.weapon && WEAPON_REACH[context.weapon].ranged) return "counterattack only with a melee weapon";
    return null;
  }
  if (context.ranged && !context.cover) return "defending against a ranged attack needs cover";
  return null;
}

/** The reactions to an attack: Defend or Counterattack. */
export type AttackReaction = "none" | "defend" | "counterattack";

/**
 * The reactions the target of an attack may declare now (none at all for an Intercept, itself a
 * reaction). A Counterattack needs a melee weapon in hand, when the hands are known.
 */
export function reactionsOffered(context: Omit<ReactionContext, "weapon">, weapons: readonly WeaponKind[] | undefined): Array<"defend" | "counterattack"> {
  const holdsMelee = weapons === undefined || weapons.includes("melee");
  return (["defend", "counterattack"] as const).filter((kind) => (kind === "defend" || holdsMelee) && reactionProblem(kind, context) === null);
}
