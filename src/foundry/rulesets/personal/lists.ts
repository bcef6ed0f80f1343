/**
 * The lists the Personal Combat rules read (range bands, actions, Fallen Fates) as world items a GM
 * keeps: the compendium "Personal Combat: Lists" holds the house defaults to import and edit. A
 * list with no world item of its type is the rules' house default. An item a player owns (she made
 * it, or was given it) is a player's copy and never counts: the GM side reads only the GM's.
 */
import { DEFAULT_LISTS, FREE_ACTIONS, type FallenFate, type PersonalLists } from "../../../rules/personal/lists.js";
import { FRAY_STATUS, statusIdFor } from "../../statuses/index.js";
import { PersonalActionModel, PersonalBandModel, PersonalFateModel } from "./items.js";

/** A world item only GMs own (players may see it, never edit it). */
function gmKept(item: Item.Stored): boolean {
  return !(game.users?.contents ?? []).some((user) => !user.isGM && item.testUserPermission(user, "OWNER"));
}

/** The GM's world items whose data is of this model, in the directory's order (sort, then name). */
function gmItems<M>(model: abstract new (...args: never[]) => M): { item: Item.Stored; system: M }[] {
  const found: { item: Item.Stored; system: M }[] = [];
  for (const item of game.items?.contents ?? []) {
    const system: unknown = item.system;
    if (system instanceof model && gmKept(item)) found.push({ item, system: system as M });
  }
  return found.sort((a, b) => (a.item.sort ?? 0) - (b.item.sort ?? 0) || a.item.name.localeCompare(b.item.name));
}

/** What the table uses: the rules' lists plus the free actions and each fate's token status. */
export interface TableLists extends PersonalLists {
  /** The free actions the turn planner offers: the world's free Action items, else the house default. */
  freeActions: readonly string[];
  /** Only the lists the world replaced, as a rules request's `lists` (empty: all house defaults). */
  request: Partial<{ zones: string[]; actions: string[]; fates: FallenFate[] }>;
}

export function tableLists(): TableLists {
  const request: TableLists["request"] = {};
  const bands = gmItems(PersonalBandModel).sort((a, b) => a.system.order - b.system.order);
  if (bands.length) request.zones = bands.map(({ item }) => item.name);
  const actions = gmItems(PersonalActionModel);
  const full = actions.filter(({ system }) => !system.free).map(({ item }) => item.name);
  if (full.length) request.actions = full;
  const free = actions.filter(({ system }) => system.free).map(({ item }) => item.name);
  const fates = gmItems(PersonalFateModel);
  if (fates.length) request.fates = fates.map(({ item, system }) => ({ name: item.name, outOfFight: system.outOfFight }));
  return {
    zones: request.zones ?? DEFAULT_LISTS.zones,
    actions: request.actions ?? DEFAULT_LISTS.actions,
    fates: request.fates ?? DEFAULT_LISTS.fates,
    freeActions: free.length ? free : FREE_ACTIONS,
    request,
  };
}

/** The `lists` field of a rules request: only what the world replaced, or nothing. */
export function listsRequest(): Record<string, unknown> {
  const { request } = tableLists();
  return Object.keys(request).length ? { lists: request } : {};
}

/**
 * The token status a Fallen Fate sets: the one its world item names (when Foundry knows it), else
 * the status table's for its name (the house fates), else Fray's generic Fallen Fate.
 */
export function fateStatusId(name: string): string {
  const kept = gmItems(PersonalFateModel).find(({ item }) => item.name === name)?.system.status.trim();
  if (kept && CONFIG.statusEffects.some((status) => status.id === kept)) return kept;
  return statusIdFor(name) ?? FRAY_STATUS.fallenFate.id;
}
