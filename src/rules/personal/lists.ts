/**
 * The seed's lists of zones, actions and Fallen Fates are cut off, so these are Fray's house
 * defaults. They are plain data that every rule takes as input, so the Foundry layer can feed
 * edited copies from compendium items instead.
 */
import { PersonalRefusal } from "./refusal.js";

/** Range bands, nearest first; a Move goes to the band next to the current one. */
export const ZONES: readonly string[] = ["Engaged", "Near", "Far", "Distant"];

/** The Actions a turn's one Action may be. */
export const ACTIONS: readonly string[] = ["Attack", "Aid", "Defend", "Use Item", "Prepare"];

/**
 * The free actions a turn may take beside its one Action. The chapter allows them ("take Free
 * Actions if they can") but names none, so these are Fray's house defaults, offered by the turn
 * planner. The rules do not check a free action's name: each counts toward the turn's cap, never as
 * its one Action.
 */
export const FREE_ACTIONS: readonly string[] = ["Draw a weapon", "Sheathe a weapon", "Drop an item", "Shout a warning"];

export interface FallenFate {
  name: string;
  /** Whether taking this fate ends the character's part in the fight. */
  outOfFight: boolean;
}

export const FALLEN_FATES: readonly FallenFate[] = [
  { name: "Knocked Out", outOfFight: true },
  { name: "Maimed", outOfFight: false },
  { name: "Broken Gear", outOfFight: false },
  { name: "Captured", outOfFight: true },
  { name: "Shaken", outOfFight: false },
  { name: "Slain", outOfFight: true },
];

export interface PersonalLists {
  zones: readonly string[];
  actions: readonly string[];
  fates: readonly FallenFate[];
}

export const DEFAULT_LISTS: PersonalLists = { zones: ZONES, actions: ACTIONS, fates: FALLEN_FATES };

/** The answer that ignores a Fallen Fate; no fate may carry this name. */
export const IGNORE = "ignore";

function hasRepeats(names: readonly string[]): boolean {
  return new Set(names).size !== names.length;
}

/**
 * The house lists with whichever of them a request or world replaced. A list naming an entry twice
 * is refused (a Move or a fate could not tell them apart), and so is a fate named "ignore".
 */
export function listsWith(given: Partial<PersonalLists> | undefined): PersonalLists {
  const lists = { zones: given?.zones ?? ZONES, actions: given?.actions ?? ACTIONS, fates: given?.fates ?? FALLEN_FATES };
  const fateNames = lists.fates.map((fate) => fate.name);
  const codes: string[] = [];
  if (hasRepeats(lists.zones) || hasRepeats(lists.actions) || hasRepeats(fateNames)) codes.push("list-repeats");
  if (fateNames.includes(IGNORE)) codes.push("fate-named-ignore");
  if (codes.length) throw new PersonalRefusal(codes);
  return lists;
}
