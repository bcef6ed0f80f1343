import { ownValue } from "../../core/ownKey.js";
import { atYieldLimit } from "../../core/tracks/yieldWounds.js";
import type { CombatantState } from "./actors.js";
import { beats } from "./pool.js";
import { refuse } from "./refusal.js";
import { applySpend, conditionAllows, entriesFor, type SpendContext, type SpendPlan, validateSpend } from "./spend.js";
import { type AttackId, DEFENCES_AGAINST, type DefenceId, NO_ITEM_DIE, SUCCESS_TABLES, type SuccessEntry, type SuccessTable } from "./tables.js";

/** Refuses a defence the attack does not allow (no Parrying a bullet, no Blocking a Feint...). */
export function checkDefence(attack: AttackId, defence: DefenceId, defenderHasItemDie: boolean, defences: Readonly<Record<AttackId, readonly DefenceId[]>> = DEFENCES_AGAINST): void {
  const allowed = ownValue(defences, attack) ?? [];
  if (!allowed.includes(defence)) refuse(`${defence} cannot answer ${attack}; allowed: ${allowed.join(", ")}`);
  if (defenderHasItemDie && NO_ITEM_DIE.includes(defence)) refuse(`${defence} takes no item die`);
}

export interface AttackSettlement {
  winner: "attacker" | "defender";
  /** The attack took effect: the attacker won, or the defender won without buying Negate. */
  landed: boolean;
  negated: boolean;
  attacker: CombatantState;
  defender: CombatantState;
  attackerStatuses: string[];
  defenderStatuses: string[];
  attackerPlan: SpendPlan | null;
  defenderPlan: SpendPlan | null;
}

export interface AttackSpendInput {
  attack: AttackId;
  defence: DefenceId;
  attacker: CombatantState;
  defender: CombatantState;
  attackerTotal: number;
  attackerSp: number;
  defenderTotal: number;
  defenderSp: number;
  /** The winner's purchases. */
  spend: readonly string[];
  /** The attacker's purchases when the defender won but bought no Negate. */
  landingSpend?: readonly string[];
  tables?: Readonly<Record<string, SuccessTable>>;
}

/** How an exchange's offer is read: the tables, whether to leave out what its condition forbids, who won the rolls. */
export interface OfferReading {
  tables?: Readonly<Record<string, SuccessTable>>;
  /** Entries whose condition fails here are left out unless false (then validateSpend names the condition when one is bought). */
  onlyAvailable?: boolean;
  /** The defence won the rolls (the attacker spends only because no Negate was bought): her defence did not fail. */
  defenceWon?: boolean;
}

/**
 * What each side may buy in this exchange, for a chooser to list before the spend: the attacker's
 * table (with the Yielded Out Wound when the defender is a PC at her limit) or the defender's.
 */
export function offeredEntries(side: "attacker" | "defender", attack: AttackId, defence: DefenceId, defender: CombatantState, reading: OfferReading = {}): { entries: SuccessEntry[]; context: SpendContext } {
  const { tables = SUCCESS_TABLES, onlyAvailable = true, defenceWon = false } = reading;
  const context: SpendContext =
    side === "attacker" ? { role: "attacking", attack, defence, defenceWon, targetYieldedOut: defender.type === "pc" && atYieldLimit(defender) } : { role: "defending", attack, defence };
  const entries = entriesFor(tableOf(tables, side === "attacker" ? attack : defence), context).filter((entry) => !onlyAvailable || conditionAllows(entry, context));
  return { entries, context };
}

function tableOf(tables: Readonly<Record<string, SuccessTable>>, id: string): SuccessTable {
  return ownValue(tables, id) ?? refuse(`no success table for ${id}`);
}

/**
 * Settles an attack once both rolls are read. The attacker must strictly beat the defence. A
 * winning defender who buys no Negate lets the attack land anyway: the attacker then spends her
 * own SP as if she had won, and the defender's purchases apply after hers.
 */
export function settleAttack(input: AttackSpendInput): AttackSettlement {
  const tables = input.tables ?? SUCCESS_TABLES;
  const winner = beats(input.attackerTotal, input.defenderTotal) ? "attacker" : "defender";
  const { entries: attackEntries, context: attackContext } = offeredEntries("attacker", input.attack, input.defence, input.defender, { tables, onlyAvailable: false, defenceWon: winner === "defender" });
  let attacker = input.attacker;
  let defender = input.defender;
  const attackerStatuses: string[] = [];
  const defenderStatuses: string[] = [];
  let attackerPlan: SpendPlan | null = null;
  let defenderPlan: SpendPlan | null = null;
  let negated = false;

  const attackerSpends = (purchases: readonly string[]) => {
    attackerPlan = validateSpend(attackEntries, purchases, input.attackerSp, attackContext);
    const applied = applySpend(attackerPlan, attacker, defender);
    attacker = applied.buyer;
    defender = applied.opponent ?? defender;
    attackerStatuses.push(...applied.buyerStatuses);
    defenderStatuses.push(...applied.opponentStatuses);
  };

  if (winner === "attacker") {
    if (input.landingSpend && input.landingSpend.length > 0) refuse("landingSpend is only for an attack that lands after the defender won without Negate");
    attackerSpends(input.spend);
  } else {
    // Stryker disable next-line StringLiteral: offeredEntries only asks whether the side is "attacker"
    const { entries: defenceEntries, context: defenceContext } = offeredEntries("defender", input.attack, input.defence, input.defender, { tables, onlyAvailable: false });
    const plan = validateSpend(defenceEntries, input.spend, input.defenderSp, defenceContext);
    defenderPlan = plan;
    negated = plan.purchases.some((purchase) => purchase.entry.effect.kind === "negate");
    if (negated && input.landingSpend && input.landingSpend.length > 0) refuse("the attack was negated: the attacker cannot spend her Success Points");
    if (!negated) attackerSpends(input.landingSpend ?? []);
    const applied = applySpend(plan, defender, attacker);
    defender = applied.buyer;
    attacker = applied.opponent ?? attacker;
    defenderStatuses.push(...applied.buyerStatuses);
    attackerStatuses.push(...applied.opponentStatuses);
  }
  return { winner, landed: !negated, negated, attacker, defender, attackerStatuses, defenderStatuses, attackerPlan, defenderPlan };
}
