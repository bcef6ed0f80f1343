import { RuleError } from "../../core/ruleError.js";
import { conditionsOf, type UnhexCharacter } from "./character.js";
import type { UnhexOptions } from "./options.js";

/** An item that can be in a character's hands, and how many hands it takes (a two-handed weapon both). */
export interface HandItem {
  name: string;
  hands: 1 | 2;
  /** What tells two items of one name apart (a sheet's item id); the name when absent. */
  id?: string;
}

/** How a request names an item: its id when it has one, else its name. */
export const itemKey = (item: HandItem): string => item.id ?? item.name;

/** What she does with her hands: takes items in hand (picking up, drawing), stows them away, drops them. */
export interface HandsChange {
  take: readonly HandItem[];
  stow: readonly string[];
  drop: readonly string[];
}

/** Hands she can hold with: two, less each arm whose boxes are all marked (it is useless). */
export function usableHands(character: UnhexCharacter, options: UnhexOptions): number {
  return 2 - conditionsOf(character, options).filter((word) => word.endsWith("-arm-useless")).length;
}

function refuse(reason: string): never {
  throw new RuleError(reason);
}

/**
 * Her hands after the change, checked: what she stows or drops is in her hands, what she takes is
 * not, no item is named twice, and what she ends up holding fits the hands she can use. Taking or
 * stowing anything is one action, however much is rearranged; dropping alone is free.
 */
export function rearrangeHands(who: string, held: readonly HandItem[], change: HandsChange, hands: number): { held: HandItem[]; costsAction: boolean } {
  const keys = held.map(itemKey);
  const named = [...keys, ...change.take.map(itemKey)];
  const twice = named.find((key, index) => named.indexOf(key) !== index);
  if (twice !== undefined) refuse(`"${twice}" is named twice: ${keys.includes(twice) ? "it is already in her hands" : "it can be taken once"}`);
  const leaving = [...change.stow, ...change.drop];
  const again = leaving.find((key, index) => leaving.indexOf(key) !== index);
  if (again !== undefined) refuse(`"${again}" can leave her hands only once`);
  const missing = leaving.find((key) => !keys.includes(key));
  if (missing !== undefined) refuse(`${who} does not hold "${missing}"`);
  const after = [...held.filter((item) => !leaving.includes(itemKey(item))), ...change.take];
  const used = after.reduce((sum, item) => sum + item.hands, 0);
  if (used > hands) refuse(`${who} has ${hands === 1 ? "one usable hand" : `${hands} usable hands`}; what she would hold takes ${used}`);
  return { held: after, costsAction: change.take.length + change.stow.length > 0 };
}
