/**
 * The Actors directory's context menu (v13's `getActorContextOptions` hook, which
 * DocumentDirectory#_createContextMenus calls once, at the directory's first render, with the
 * entries of ActorDirectory#_getEntryContextOptions): Attack, Rest and Roll Initiative on an actor
 * the user owns. The entries are the same in every world; each ruleset's sheet extension says which
 * of its sheet buttons stands for Attack and for Rest (`directoryActions`), read when the menu
 * opens, so a ruleset chunk that arrives after the directory's first render still fills them. A
 * choice runs `game.fray.rollAction`, which checks ownership again: the condition only hides.
 */
import { DIRECTORY_ENTRIES, type DirectoryEntry, sheetExtensionOf } from "../actor/sheet.js";
import { rollAction } from "./hotbar.js";

const ICONS: Record<DirectoryEntry, string> = {
  attack: '<i class="fa-solid fa-khanda"></i>',
  recover: '<i class="fa-solid fa-bed"></i>',
};

/** v13's ContextMenuEntry with an HTMLElement target (client/applications/ux/context-menu.mjs). */
interface ContextEntry {
  name: string;
  icon: string;
  condition?: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => unknown;
}

function actorOf(li: HTMLElement) {
  return game.actors?.get(li.closest<HTMLElement>("[data-entry-id]")?.dataset.entryId ?? "");
}

/** The current combat's combatants of the entry's actor that the user owns. */
function ownCombatants(li: HTMLElement): Combatant.Implementation[] {
  const actor = actorOf(li);
  const combat = game.combat;
  if (!actor?.isOwner || !combat) return [];
  return combat.combatants.filter((combatant) => combatant.actorId === actor.id && combatant.isOwner);
}

/** The sheet button a ruleset gave this entry for the actor's type, when it is one a macro may take. */
function directoryAction(actor: { type: string } | undefined, entry: DirectoryEntry): string | null {
  const extension = actor ? sheetExtensionOf(actor.type) : undefined;
  const action = extension?.directoryActions?.[entry];
  return action && extension?.macroActions?.includes(action) ? action : null;
}

function sheetEntry(entry: DirectoryEntry): ContextEntry {
  return {
    name: `FRAY.Api.Directory.${entry}`,
    icon: ICONS[entry],
    condition: (li) => {
      const actor = actorOf(li);
      return !!actor?.isOwner && directoryAction(actor, entry) !== null;
    },
    // rollAction refuses, with a warning, an actor the user does not own or an action not open to macros.
    callback: (li) => {
      const actor = actorOf(li);
      const action = directoryAction(actor, entry);
      return actor && action ? rollAction(actor.uuid, action) : null;
    },
  };
}

export function addActorContextOptions(_app: unknown, options: ContextEntry[]): void {
  options.push(...DIRECTORY_ENTRIES.map(sheetEntry), {
    name: "FRAY.Api.RollInitiative",
    icon: '<i class="fa-solid fa-dice-d20"></i>',
    condition: (li) => ownCombatants(li).length > 0,
    callback: (li) => {
      const ids = ownCombatants(li).map((combatant) => combatant.id!);
      return ids.length ? game.combat?.rollInitiative(ids) : null;
    },
  });
}
