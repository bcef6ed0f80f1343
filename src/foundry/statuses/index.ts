/**
 * Statuses as Foundry shows them: every status the rules name is an ActiveEffect on the actor (set
 * and cleared through Actor#toggleStatusEffect), so tokens draw it and the combat tracker lists it.
 */
import { CORE_STATUS, FRAY_STATUS, RULES_STATUSES, type FrayStatusEffect } from "./table.js";

export { CORE_STATUS, FRAY_STATUS, RULES_STATUSES, type FrayStatusEffect, type RulesStatus } from "./table.js";

/** Adds Fray's statuses to CONFIG.statusEffects (and Foundry's reused ones, if a module removed them); an id already there is kept. */
export function registerStatuses(): void {
  const entries: FrayStatusEffect[] = [...Object.values(CORE_STATUS), ...Object.values(FRAY_STATUS)];
  for (const entry of entries) {
    if (CONFIG.statusEffects.some((status) => status.id === entry.id)) continue;
    CONFIG.statusEffects.push({ ...entry });
  }
}

/** The Foundry status id a status of the rules sets; undefined for a one-off event, a clearing word or an unknown name. */
export function statusIdFor(rulesStatus: string): string | undefined {
  const entry = Object.hasOwn(RULES_STATUSES, rulesStatus) ? RULES_STATUSES[rulesStatus] : undefined;
  return entry && "set" in entry ? entry.set : undefined;
}

/** The Foundry status ids a status of the rules ends (Stabilised ends Dying, Released ends Grappled). */
export function statusIdsClearedBy(rulesStatus: string): readonly string[] {
  const entry = Object.hasOwn(RULES_STATUSES, rulesStatus) ? RULES_STATUSES[rulesStatus] : undefined;
  return entry && "clears" in entry ? (entry.clears ?? []) : [];
}

/** Whether the actor has the status (from any active effect carrying it). */
export function hasStatus(actor: Actor.Implementation, id: string): boolean {
  return actor.statuses.has(id);
}

/** Sets or clears a status: creates or deletes its ActiveEffect, so the change is one ordinary document change. */
export async function setStatus(actor: Actor.Implementation, id: string, active: boolean): Promise<void> {
  await actor.toggleStatusEffect(id, { active });
}

/** Applies the statuses of an outcome's effect to its actor: each one set, each one it ends cleared. Unknown names change nothing. */
export async function applyRulesStatuses(actor: Actor.Implementation, rulesStatuses: readonly string[]): Promise<void> {
  for (const rulesStatus of rulesStatuses) {
    for (const id of statusIdsClearedBy(rulesStatus)) if (hasStatus(actor, id)) await setStatus(actor, id, false);
    const id = statusIdFor(rulesStatus);
    if (id && !hasStatus(actor, id)) await setStatus(actor, id, true);
  }
}

/** A status id as its name reads in the players' language (the name CONFIG.statusEffects gives it). */
export function statusLabel(id: string): string {
  const entry = CONFIG.statusEffects.find((status) => status.id === id);
  return entry?.name ? game.i18n!.localize(entry.name) : id;
}
