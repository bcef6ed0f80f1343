import lang from "../../lang/en.json" with { type: "json" };
import { ownValue } from "../core/ownKey.js";

/**
 * What `fray odds --table` calls each odds name, in words a player reads: the words are in
 * lang/en.json (FRAY.CLIOdds.<ruleset>.<action>), with the request's fighters named in them; this
 * file says whose names fill them and which numbers exist only under an event (a winner's Success
 * Points "when Ines wins"). The JSON answer keeps the odds' own names for programs that read it.
 */

type Request = Record<string, unknown>;

/** A request's fighter at `key`: her `name`, or the key's own text (a grapple's target is a name). */
function nameAt(request: Request, key: string): string {
  const value = ownValue(request, key);
  if (typeof value === "string") return value;
  const name = value && typeof value === "object" ? ownValue(value as Request, "name") : undefined;
  return typeof name === "string" ? name : key;
}

interface ActionReading {
  /** The roles the words name, each filled from the request. */
  who(request: Request): Record<string, string>;
  /** A number that exists only when an event happens: the event's name. */
  when?: Record<string, string>;
}

const roles =
  (...keys: string[]) =>
  (request: Request) =>
    Object.fromEntries(keys.map((key) => [key, nameAt(request, key)]));
const roller = (request: Request) => ({ roller: typeof request.name === "string" ? request.name : "roller" });

export const ODDS_READINGS: Record<string, Record<string, ActionReading>> = {
  cavaliers: {
    attack: { who: roles("attacker", "defender"), when: { attackerSuccessPoints: "attackerWins", defenderSuccessPoints: "defenderWins" } },
    skill: { who: roles("actor"), when: { successPoints: "success" } },
    flourish: { who: roles("actor"), when: { successPoints: "success" } },
  },
  drama: {
    melee: { who: roles("a", "b") },
    ranged: { who: roles("shooter", "target") },
    courage: { who: roles("actor") },
  },
  unhex: {
    check: { who: roles("character") },
    opposed: { who: roles("a", "b") },
    attack: { who: roles("attacker", "target"), when: { damage: "hit", counterDamage: "counterHit" } },
  },
  personal: {
    attack: { who: roles("attacker", "target") },
  },
  torchlight: {
    attack: { who: roles("attacker", "target") },
    check: { who: roller },
    save: { who: roller },
    "grapple-hold": { who: roles("grappler", "target") },
  },
};

interface ActionWords {
  note?: string;
  names: Record<string, string>;
}

/** The words of one action's odds: every name's label, in the order the words list them. */
export function oddsWords(ruleset: string, action: string): ActionWords | undefined {
  const byRuleset = ownValue(lang.FRAY.CLIOdds as Record<string, Record<string, ActionWords>>, ruleset);
  return byRuleset ? ownValue(byRuleset, action) : undefined;
}

export interface OddsLabels {
  /** A name's label with the request's fighters in it; the name itself where none is written. */
  label(name: string): string;
  /** The event a number exists under, if any. */
  when(name: string): string | undefined;
  /** A line under the chances: what overlapping lines mean, or who takes ties. */
  note: string | undefined;
  /** Where a name comes in the words' order (unknown names last). */
  order(name: string): number;
}

export function oddsLabels(ruleset: string, action: string, request: Request): OddsLabels {
  const words = oddsWords(ruleset, action);
  const reading = ownValue(ODDS_READINGS, ruleset);
  const readingOf = reading ? ownValue(reading, action) : undefined;
  const who = readingOf?.who(request) ?? {};
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, role: string) => ownValue(who, role) ?? whole);
  const names = Object.keys(words?.names ?? {});
  return {
    label: (name) => {
      const text = words ? ownValue(words.names, name) : undefined;
      return text === undefined ? name : fill(text);
    },
    when: (name) => (readingOf?.when ? ownValue(readingOf.when, name) : undefined),
    note: words?.note === undefined ? undefined : fill(words.note),
    order: (name) => {
      const at = names.indexOf(name);
      return at < 0 ? names.length : at;
    },
  };
}
