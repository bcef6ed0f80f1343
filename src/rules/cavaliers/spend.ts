import { reduceYield, takeWounds, takeYield } from "../../core/tracks/yieldWounds.js";
import { type CombatantState, woundTrackOf } from "./actors.js";
import { stepDownAdvantage, stepUpAdvantage } from "./advantage.js";
import { refuse } from "./refusal.js";
import { ACTOR_TYPES, type AttackId, type DefenceId, type SuccessEntry, type SuccessTable, YIELDED_OUT_ENTRY } from "./tables.js";

/** Where the SP were won, which decides the conditional entries. */
export interface SpendContext {
  role: "attacking" | "defending" | "acting";
  attack?: AttackId;
  defence?: DefenceId;
  /** The target is a PC fighting on at her Yield Limit: the attack's table gains 1 SP: 1 Wound. */
  targetYieldedOut?: boolean;
  /** The defence won the rolls (the attack lands only because she bought no Negate): it did not fail. */
  defenceWon?: boolean;
  /** Only these entries may be bought (Flourish: Style; actions before combat: Advantage). */
  only?: readonly string[];
}

export interface Purchase {
  entry: SuccessEntry;
  times: number;
}

export interface SpendPlan {
  purchases: Purchase[];
  cost: number;
  available: number;
  /** SP left over; they are lost. */
  unused: number;
}

/** The entries on offer: the table's, plus the Yielded Out Wound on an attack at a yielded-out PC. */
export function entriesFor(table: SuccessTable, context: SpendContext): SuccessEntry[] {
  const entries = [...table.entries];
  if (context.role === "attacking" && context.targetYieldedOut) entries.push(YIELDED_OUT_ENTRY);
  return entries;
}

function conditionHolds(entry: SuccessEntry, context: SpendContext): string | null {
  switch (entry.condition) {
    case "when-defending":
      return context.role === "defending" ? null : "only a defender can buy it";
    case "vs-failed-parry":
      return context.role === "attacking" && context.defence === "parry" && !context.defenceWon ? null : "only against a failed Parry";
    case "not-vs-brawl":
      return context.attack === "brawl" ? "not against a Brawl attack" : null;
    default:
      return null;
  }
}

export function conditionAllows(entry: SuccessEntry, context: SpendContext): boolean {
  return conditionHolds(entry, context) === null;
}

/**
 * Checks a list of purchases (entry ids, repeated to buy again) against the entries on offer and
 * the SP available; returns what is bought and what is lost, or refuses.
 */
export function validateSpend(entries: readonly SuccessEntry[], purchases: readonly string[], available: number, context: SpendContext): SpendPlan {
  const counts = new Map<string, number>();
  for (const id of purchases) counts.set(id, (counts.get(id) ?? 0) + 1);
  const bought: Purchase[] = [];
  let cost = 0;
  for (const [id, times] of counts) {
    const entry = entries.find((candidate) => candidate.id === id);
    if (!entry) refuse(`"${id}" is not on this success table (choices: ${entries.map((e) => e.id).join(", ")})`);
    if (context.only && !context.only.includes(id)) refuse(`only ${context.only.join(", ")} can be bought with these Success Points`);
    const blocked = conditionHolds(entry, context);
    if (blocked) refuse(`${entry.name}: ${blocked}`);
    if (times > 1 && !entry.repeatable) refuse(`${entry.name} can be bought only once`);
    cost += entry.cost * times;
    bought.push({ entry, times });
  }
  if (cost > available) refuse(`the purchases cost ${cost} SP but only ${available} SP are available`);
  return { purchases: bought, cost, available, unused: available - cost };
}

export interface SpendResult {
  buyer: CombatantState;
  opponent: CombatantState | null;
  negated: boolean;
  /** Statuses the purchases put on each side (riposte, disarm, knockdown, hold...). */
  buyerStatuses: string[];
  opponentStatuses: string[];
  surviveHours: number;
  regainConsciousness: boolean;
}

/**
 * Applies a validated plan, one purchase after another; refuses what cannot happen (Style past
 * the cap, Advantage past d12, reducing Yield that is not there, lowering absent Advantage).
 */
export function applySpend(plan: SpendPlan, buyer: CombatantState, opponent: CombatantState | null): SpendResult {
  let self = buyer;
  let other = opponent;
  const result: SpendResult = { buyer, opponent, negated: false, buyerStatuses: [], opponentStatuses: [], surviveHours: 0, regainConsciousness: false };
  const needOpponent = (name: string): CombatantState => other ?? refuse(`${name} needs an opponent`);
  for (const { entry, times } of plan.purchases) {
    for (let n = 0; n < times; n += 1) {
      const effect = entry.effect;
      switch (effect.kind) {
        case "inflict-yield":
          other = takeYield(needOpponent(entry.name), effect.amount);
          break;
        case "inflict-wound": {
          const target = needOpponent(entry.name);
          other = takeWounds(target, woundTrackOf(target), effect.amount);
          break;
        }
        case "increase-advantage":
          self = { ...self, advantage: stepUpAdvantage(self.advantage) };
          break;
        case "decrease-opponent-advantage": {
          const target = needOpponent(entry.name);
          other = { ...target, advantage: stepDownAdvantage(target.advantage) };
          break;
        }
        case "gain-style": {
          const max = ACTOR_TYPES[self.type].maxStyle;
          if (self.style + 1 > max) refuse(`${self.name} can hold at most ${max} Style Points`);
          self = { ...self, style: self.style + 1 };
          break;
        }
        case "negate":
          result.negated = true;
          break;
        case "reduce-yield":
          if (self.yield < effect.amount) refuse(`${self.name} has no Yield left to reduce`);
          self = reduceYield(self, effect.amount);
          break;
        case "status":
          (effect.on === "self" ? result.buyerStatuses : result.opponentStatuses).push(effect.status);
          break;
        case "survive-hours":
          result.surviveHours += effect.hours;
          break;
        case "regain-consciousness":
          result.regainConsciousness = true;
          break;
        case "heal-wound":
          self = { ...self, wounds: Math.max(0, self.wounds - effect.amount) };
          break;
      }
    }
  }
  return { ...result, buyer: self, opponent: other };
}
