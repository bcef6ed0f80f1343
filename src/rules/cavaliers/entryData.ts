import type { EntryCondition, SpendEffect, SuccessEntry } from "./tables.js";

/**
 * A success-table entry as editable data stores it (a specialty item's `table`, a pack source):
 * flat fields, where `amount` means the amount or the hours as the effect needs, and an empty
 * condition means none.
 */
export interface SuccessEntryData {
  id: string;
  name: string;
  cost: number;
  repeatable: boolean;
  effect: SpendEffect["kind"];
  amount: number;
  status: string;
  on: string;
  condition: string;
}

/** Reads a stored entry back as the rules' SuccessEntry. */
export function successEntryFromData(entry: SuccessEntryData): SuccessEntry {
  let effect: SpendEffect;
  switch (entry.effect) {
    case "inflict-yield":
    case "inflict-wound":
    case "reduce-yield":
    case "heal-wound":
      effect = { kind: entry.effect, amount: entry.amount };
      break;
    case "survive-hours":
      effect = { kind: "survive-hours", hours: entry.amount };
      break;
    case "status":
      effect = { kind: "status", status: entry.status, on: entry.on === "self" ? "self" : "opponent" };
      break;
    default:
      effect = { kind: entry.effect };
  }
  const condition = entry.condition as EntryCondition | "";
  return { id: entry.id, name: entry.name, cost: entry.cost, repeatable: entry.repeatable, effect, ...(condition ? { condition } : {}) };
}
