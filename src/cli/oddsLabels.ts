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
  /**
   * For odds whose names are made from the request's fighters (a round of pairings: `f1BeatsF2`),
   * the words a name is said in and the names that fill them; undefined for a name of no pattern.
   */
  pattern?(name: string, request: Request): { word: string; who: Record<string, string> } | undefined;
}

const roles =
  (...keys: string[]) =>
  (request: Request) =>
    Object.fromEntries(keys.map((key) => [key, nameAt(request, key)]));
const roller = (request: Request) => ({ roller: typeof request.name === "string" ? request.name : "roller" });

const uncapital = (key: string) => key.charAt(0).toLowerCase() + key.slice(1);
const nth = (list: unknown, key: string, prefix: string, inner?: string): string => {
  const at = Number(key.slice(prefix.length)) - 1;
  const entry = Array.isArray(list) ? (list[at] as unknown) : undefined;
  const fighter = inner && entry && typeof entry === "object" ? ownValue(entry as Request, inner) : entry;
  const name = fighter && typeof fighter === "object" ? ownValue(fighter as Request, "name") : undefined;
  return typeof name === "string" ? name : key;
};

/**
 * A Drama round of pairings (drama/odds.ts, roundOdds): each name is made of two fighters' keys
 * (`actorBeatsOpponent1`, `noWinnerF1F2`) or one (`f3GritLost`), each key said as its fighter's name.
 */
function pairingNames(nameOf: (request: Request, key: string) => string) {
  return (name: string, request: Request): { word: string; who: Record<string, string> } | undefined => {
    const beats = /^([a-z]\w*?)Beats([A-Z]\w*)$/.exec(name);
    if (beats) return { word: "beats", who: { winner: nameOf(request, beats[1]!), loser: nameOf(request, uncapital(beats[2]!)) } };
    const none = /^noWinner([A-Z][a-z]*\d*)([A-Z][a-z]*\d*)$/.exec(name);
    if (none) return { word: "noWinner", who: { a: nameOf(request, uncapital(none[1]!)), b: nameOf(request, uncapital(none[2]!)) } };
    const lost = /^([a-z]\w*?)(GritLost|FleshLost)$/.exec(name);
    if (lost) return { word: uncapital(lost[2]!), who: { who: nameOf(request, lost[1]!) } };
    return undefined;
  };
}
const multipleFighter = (request: Request, key: string) => (key === "actor" ? nameAt(request, "actor") : nth(request.opponents, key, "opponent", "opponent"));
const skirmishFighter = (request: Request, key: string) => nth(request.fighters, key, "f");

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
    multiple: { who: () => ({}), pattern: pairingNames(multipleFighter) },
    skirmish: { who: () => ({}), pattern: pairingNames(skirmishFighter) },
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
  /** The words a name is said in (its own, or its pattern's), if any. */
  word(name: string): string | undefined;
}

export function oddsLabels(ruleset: string, action: string, request: Request): OddsLabels {
  const words = oddsWords(ruleset, action);
  const reading = ownValue(ODDS_READINGS, ruleset);
  const readingOf = reading ? ownValue(reading, action) : undefined;
  const who = readingOf?.who(request) ?? {};
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, role: string) => ownValue(who, role) ?? whole);
  const names = Object.keys(words?.names ?? {});
  const word = (name: string) => {
    if (words && ownValue(words.names, name) !== undefined) return { word: name, who };
    const made = readingOf?.pattern?.(name, request);
    return made && words && ownValue(words.names, made.word) !== undefined ? made : undefined;
  };
  return {
    label: (name) => {
      const found = word(name);
      return found ? ownValue(words!.names, found.word)!.replace(/\{(\w+)\}/g, (whole, role: string) => ownValue(found.who, role) ?? whole) : name;
    },
    word: (name) => word(name)?.word,
    when: (name) => (readingOf?.when ? ownValue(readingOf.when, name) : undefined),
    note: words?.note === undefined ? undefined : fill(words.note),
    order: (name) => {
      const at = names.indexOf(word(name)?.word ?? name);
      return at < 0 ? names.length : at;
    },
  };
}
