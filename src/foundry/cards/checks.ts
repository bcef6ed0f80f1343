/**
 * Checks for the values of an opening request, which a player's client sends and may forge. Each
 * returns the value typed or refuses naming the field; the rules' own schema checks the rest.
 */
import { Refused } from "../relay/index.js";

function bad(field: string): never {
  throw new Refused(game.i18n!.format("FRAY.Card.Refused.Malformed", { problem: field }));
}

export function oneOf<T extends string>(value: unknown, choices: readonly T[], field: string): T {
  return typeof value === "string" && (choices as readonly string[]).includes(value) ? (value as T) : bad(field);
}

export function optionalString(value: unknown, field: string, max = 64): string | undefined {
  if (value === undefined || value === "") return undefined;
  return typeof value === "string" && value.length <= max ? value : bad(field);
}

export function integerIn(value: unknown, min: number, max: number, field: string): number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : bad(field);
}

export function optionalInteger(value: unknown, min: number, max: number, field: string): number | undefined {
  return value === undefined || value === null ? undefined : integerIn(value, min, max, field);
}

export function flag(value: unknown, field: string): boolean {
  if (value === undefined) return false;
  return typeof value === "boolean" ? value : bad(field);
}

export function stringList(value: unknown, maxItems: number, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > maxItems || !value.every((item) => typeof item === "string" && item.length <= 64)) bad(field);
  return [...(value as string[])];
}

/** Lists of die sizes (Assist dice: one list per helper). */
export function diceLists(value: unknown, maxLists: number, maxDice: number, field: string): number[][] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > maxLists) bad(field);
  return (value as unknown[]).map((list) => {
    if (!Array.isArray(list) || list.length > maxDice || !list.every((sides) => Number.isInteger(sides) && sides >= 2 && sides <= 100)) bad(field);
    return [...(list as number[])];
  });
}
