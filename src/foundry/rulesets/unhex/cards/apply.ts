/**
 * What an Unhex outcome writes: a character's level and wound boxes from her effect, the token
 * statuses her new state brings (and the ones it ends), and her actions this round in the fight's
 * tracker state. Every kind's Apply goes through here.
 */
import type { Effect } from "../../../../core/outcome.js";
import { type ActionBudget, gainAction, loseAction } from "../../../../rules/unhex/budget.js";
import type { CardChange } from "../../../cards/kinds.js";
import { statusIdFor, statusIdsClearedBy } from "../../../statuses/index.js";
import { budgetChange, budgetOf } from "../combat/state.js";
import { locationKey } from "../models.js";
import { fightAt } from "./facts.js";

/** Marks a card's own writes, so the sheet's status keeping (conditions.ts) leaves them to the card. */
export const CARD_WRITE = { fray: { card: true } };

/** The actor's fields and statuses from her effect: level, boxes, conditions set (and those they end). */
export function actorChange(actor: Actor.Implementation, effect: Effect | undefined): CardChange {
  const fields: Record<string, unknown> = {};
  const labels: Record<string, string> = {};
  for (const [track, change] of Object.entries(effect?.changes ?? {})) {
    if (track === "level") {
      fields["system.level.value"] = change.to;
      labels["system.level.value"] = game.i18n!.localize("FRAY.Unhex.Level");
    } else if (track.startsWith("wounds.")) {
      const key = locationKey(track.slice("wounds.".length));
      fields[`system.wounds.${key}`] = change.to;
      labels[`system.wounds.${key}`] = game.i18n!.format("FRAY.Unhex.Card.BoxesOf", { location: game.i18n!.localize(`FRAY.Unhex.Location.${key}`) });
    }
  }
  const statuses: Record<string, boolean> = {};
  for (const word of effect?.statuses ?? []) {
    for (const id of statusIdsClearedBy(word)) statuses[id] = false;
    const id = statusIdFor(word);
    if (id) statuses[id] = true;
  }
  return { actor, fields, labels, statuses, options: CARD_WRITE };
}

/** The budget an effect reports (when the rules were given one), stored for the role's combatant. */
export function budgetFromEffect(request: Record<string, unknown>, role: string, effect: Effect | undefined): CardChange[] {
  const fight = fightAt(request, role);
  const available = effect?.changes["budget.available"]?.to;
  const owed = effect?.changes["budget.owed"]?.to;
  if (!fight || (available === undefined && owed === undefined)) return [];
  const now = budgetOf(fight.combat, fight.combatant);
  return [budgetChange(fight.combat, fight.combatant, { available: typeof available === "number" ? available : now.available, owed: typeof owed === "number" ? owed : now.owed })];
}

/** A roll's extra or lost action (a check, an opposed roll, initiative), on the role's budget this round. */
export function budgetFromEvents(request: Record<string, unknown>, role: string, events: readonly string[]): CardChange[] {
  return budgetFromRolls(request, role, [events]);
}

/** The same for several rolls of one role (a team's roll and its roll-offs), each roll's events counted in turn. */
export function budgetFromRolls(request: Record<string, unknown>, role: string, rolls: readonly (readonly string[])[]): CardChange[] {
  const fight = fightAt(request, role);
  if (!fight) return [];
  let budget: ActionBudget = budgetOf(fight.combat, fight.combatant);
  const before = JSON.stringify(budget);
  for (const events of rolls) {
    if (events.includes("extra-action")) budget = gainAction(budget);
    if (events.includes("loses-next-action")) budget = loseAction(budget);
  }
  return JSON.stringify(budget) === before ? [] : [budgetChange(fight.combat, fight.combatant, budget)];
}
