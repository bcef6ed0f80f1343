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

/**
 * The request field of a choice: `<participant><Choice>`, and for a fighter's second and later
 * courage tests of a round (each serious wound calls its own) `<participant><Choice><n>`.
 */
export const choiceField = (participant: string, kind: ChoiceKind, n = 1): string => `${participant}${kind}${n > 1 ? n : ""}`;

/** The choices that can come more than once a round, one per courage test. */
export const REPEATED_KINDS: readonly ChoiceKind[] = ["Courage", "Waver"];

/** What follows the participant in a choice field: a kind, then for a repeated kind its number 2 to 19. */
const CHOICE_AFTER_PARTICIPANT = new RegExp(`^(${CHOICE_KINDS.join("|")})([2-9]|1[0-9])?$`);

/** The kind of a choice field a participant makes, with its number ("Courage2" → Courage, 2); null for none. */
export function choiceOfField(participant: string, field: string): { kind: ChoiceKind; n: number } | null {
  if (!field.startsWith(participant)) return null;
  const match = CHOICE_AFTER_PARTICIPANT.exec(field.slice(participant.length));
  if (!match) return null;
  const kind = match[1] as ChoiceKind;
  const n = match[2] ? Number(match[2]) : 1;
  return n > 1 && !REPEATED_KINDS.includes(kind) ? null : { kind, n };
}

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
  /** Flesh a dramatic advantage adds to her full blows this round (against the opponent her Drama dice go to). */
  extraFlesh?: number;
  /** Several opponents only: one entry per opponent, in order. */
  split?: SplitEntry[];
}

export interface CourageChoice {
  base?: number;
  resistance?: number;
  drama?: number;
}

/** On a wavering courage test: spend a Drama Point to stay in the fight, or fall. */
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
