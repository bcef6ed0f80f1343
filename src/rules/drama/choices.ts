/**
 * The choices a table makes in a round, in the order it makes them: each fighter's stance, each
 * fighter's pool (situational dice, military dice, Drama dice, and for a fighter with several
 * opponents how her dice are shared out), each courage test's modifiers, and whether a wavering
 * courage test is saved with a Drama point. A request names each choice `<participant><Choice>`
 * (`aStance`, `bPool`, `opponent2Courage`...), so a partial request can say which one it awaits.
 */
import type { DramaticModifiers } from "./combatant.js";
import { MELEE_SITUATIONS, type Stance } from "./tables.js";

export const CHOICE_KINDS = ["Stance", "Pool", "Courage", "Waver"] as const;
export type ChoiceKind = (typeof CHOICE_KINDS)[number];

export const choiceField = (participant: string, kind: ChoiceKind): string => `${participant}${kind}`;

export type MeleeSituation = keyof typeof MELEE_SITUATIONS;
export const MELEE_SITUATION_IDS = Object.keys(MELEE_SITUATIONS) as MeleeSituation[];

/** A stance as declared: its name, or its name with the GM's modifiers for a Dramatic stance. */
export type StanceChoice = Stance | { stance: Stance; dramatic?: DramaticModifiers };

/** How a fighter with several opponents shares her dice with one of them. */
export interface SplitEntry {
  /** Her own Bd (military aside) against this opponent; by default an even split. */
  baseDice?: number;
  /** Military dice (not put into armour) placed against this opponent. */
  military?: number;
  /** Her Drama dice go against this opponent (one opponent only). */
  drama?: boolean;
}

/** What a fighter adds when building her pools; everything adds to the stat block's own values. */
export interface PoolChoice {
  situations?: MeleeSituation[];
  base?: number;
  resistance?: number;
  armour?: number;
  militaryAsArmour?: number;
  /** Drama dice from the passions and dramatic advantages declared. */
  drama?: number;
  /** Drama Points the dramatic actions declared cost. */
  dramaPointsSpent?: number;
  /** Several opponents only: one entry per opponent, in order. */
  split?: SplitEntry[];
}

export interface CourageChoice {
  base?: number;
  resistance?: number;
  drama?: number;
}

/** On a wavering courage test: spend a Drama Point to stay in the fight (at a penalty die), or fall. */
export type WaverChoice = "spend" | "fall";
export const WAVER_CHOICES: readonly WaverChoice[] = ["spend", "fall"];

export function stanceOfChoice(choice: StanceChoice): { stance: Stance; dramatic?: DramaticModifiers } {
  return typeof choice === "string" ? { stance: choice } : choice.dramatic ? { stance: choice.stance, dramatic: choice.dramatic } : { stance: choice.stance };
}

/** The situational Bd and Rd of the situations named, summed. */
export function situationDice(situations: readonly MeleeSituation[]): { base: number; resistance: number } {
  let base = 0;
  let resistance = 0;
  for (const id of new Set(situations)) {
    const dice = MELEE_SITUATIONS[id] ?? {};
    base += dice.base ?? 0;
    resistance += dice.resistance ?? 0;
  }
  return { base, resistance };
}
