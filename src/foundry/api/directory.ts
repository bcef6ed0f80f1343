/**
 * The Actors directory's context menu (v13's `getActorContextOptions` hook, called by
 * DocumentDirectory#_createContextMenu for each entry): Roll Initiative for an actor you own that
 * is in the current combat, through the same request the tracker's roll button makes (FrayCombat).
 */
interface ContextEntry {
  name: string;
  icon: string;
  condition?: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => unknown;
}

/** The current combat's combatants of the entry's actor that the user owns. */
function ownCombatants(li: HTMLElement): Combatant.Implementation[] {
  const actor = game.actors?.get(li.dataset.entryId ?? "");
  const combat = game.combat;
  if (!actor?.isOwner || !combat) return [];
  return combat.combatants.filter((combatant) => combatant.actorId === actor.id && combatant.isOwner);
}

export function addActorContextOptions(_app: unknown, options: ContextEntry[]): void {
  options.push({
    name: "FRAY.Api.RollInitiative",
    icon: '<i class="fa-solid fa-dice-d20"></i>',
    condition: (li) => ownCombatants(li).length > 0,
    callback: (li) => {
      const ids = ownCombatants(li).map((combatant) => combatant.id!);
      return ids.length ? game.combat?.rollInitiative(ids) : null;
    },
  });
}
