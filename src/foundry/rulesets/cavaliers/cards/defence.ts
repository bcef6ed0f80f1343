/**
 * The defence a target chooses on a cavaliers attack card, before any die is rolled (seed 000
 * §Attack; RULINGS, Order of an attack): her defence skill and, as on any attack or defence roll,
 * her own Advantage die and up to two helpers' Assist dice. The card keeps it as she sent it: the
 * skill alone (a plain button) or `{ skill, useAdvantage, assists }`.
 */
import { diceLists, flag, oneOf } from "../../../cards/checks.js";
import { Refused } from "../../../relay/index.js";

export const DEFENCE_IDS = ["parry", "block", "dodge", "brawl"] as const;

export interface DefenceChoice {
  skill: string;
  useAdvantage: boolean;
  assists: number[][];
}

const KEYS = new Set(["skill", "useAdvantage", "assists"]);

/** The defence a card's request holds (as the GM accepted it), or null while none is chosen. */
export function defenceOf(request: Record<string, unknown>): DefenceChoice | null {
  const value = request.defence;
  if (typeof value === "string") return { skill: value, useAdvantage: false, assists: [] };
  if (typeof value !== "object" || value === null) return null;
  const choice = value as Record<string, unknown>;
  if (typeof choice.skill !== "string") return null;
  return { skill: choice.skill, useAdvantage: choice.useAdvantage === true, assists: Array.isArray(choice.assists) ? (choice.assists as number[][]) : [] };
}

/** Why a defence a client sent is not one to store (its shape; the rules check the rest), or null. */
export function defenceRefusal(value: unknown): string | null {
  try {
    if (typeof value === "string") {
      oneOf(value, DEFENCE_IDS, "defence");
      return null;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return game.i18n!.format("FRAY.Card.Refused.Malformed", { problem: "defence" });
    const choice = value as Record<string, unknown>;
    if (Object.keys(choice).some((key) => !KEYS.has(key))) return game.i18n!.format("FRAY.Card.Refused.Malformed", { problem: "defence" });
    oneOf(choice.skill, DEFENCE_IDS, "defence.skill");
    flag(choice.useAdvantage, "defence.useAdvantage");
    diceLists(choice.assists, 2, 10, "defence.assists");
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.message;
    throw error;
  }
}
