/**
 * A round of a skirmish: several fighters, each engaging one or more of the others, where more than
 * one of them may split her pool (two against two with crossed engagements, say). Fighting Multiple
 * Opponents written for every fighter at once: each fighter's own Base dice are split as evenly as
 * they go among those she engages, her military dice placed freely and her Drama dice against one;
 * a fighter may leave an opponent unopposed (he rolls +2Bd against nothing). Each engagement is its
 * own opposed roll with its own Momentum, and every result lands together.
 */
import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import type { DiceTray } from "../../core/dice/source.js";
import { RuleError } from "../../core/ruleError.js";
import { defineAction } from "../ruleset.js";
import { fightResult, playAsAsked } from "./actions.js";
import { CHOICE_KINDS } from "./choices.js";
import type { Combatant } from "./combatant.js";
import type { PlayPairing } from "./lineup.js";
import { choiceFields, CombatantSchema, Interactive, Options } from "./schemas.js";

/** At most this many fighters in one skirmish round. */
export const MAX_SKIRMISHERS = 8;
export const SKIRMISHER_KEYS = Array.from({ length: MAX_SKIRMISHERS }, (_, i) => `f${i + 1}`);

const closed = { additionalProperties: false } as const;
const fighterKey = Type.Union(SKIRMISHER_KEYS.map((key) => Type.Literal(key)));

export const SkirmishEngagementSchema = Type.Object(
  {
    /** The two fighters who fight each other, by key (`f1` is the first fighter listed). */
    between: Type.Tuple([fighterKey, fighterKey]),
    /** Who holds Momentum between them; unsaid, it is their first round together. */
    momentum: Type.Optional(fighterKey),
    /** One of them puts no dice against the other, who rolls +2Bd against nothing. */
    unopposedBy: Type.Optional(fighterKey),
  },
  closed,
);

const SkirmishRequest = Type.Object(
  {
    fighters: Type.Array(CombatantSchema, { minItems: 2, maxItems: MAX_SKIRMISHERS }),
    engagements: Type.Array(SkirmishEngagementSchema, { minItems: 1, maxItems: (MAX_SKIRMISHERS * (MAX_SKIRMISHERS - 1)) / 2 }),
    interactive: Interactive,
    // A blow and a Shield Bash from each of up to seven opponents: two courage tests for each.
    ...choiceFields(SKIRMISHER_KEYS, CHOICE_KINDS, 2 * (MAX_SKIRMISHERS - 1)),
    options: Options,
  },
  closed,
);

const refuse = (message: string): never => {
  throw new RuleError(message);
};

/** The engagements as the round's pairings; an unopposed fighter must be one of the two. */
function pairingsOf(engagements: Static<typeof SkirmishRequest>["engagements"]): PlayPairing[] {
  return engagements.map(({ between: [actor, opponent], momentum, unopposedBy }) => {
    if (unopposedBy !== undefined && unopposedBy !== actor && unopposedBy !== opponent) refuse(`${unopposedBy} is not in the engagement ${actor}–${opponent}`);
    return { actor, opponent, ...(momentum ? { momentum } : {}), ...(unopposedBy === actor ? { unopposed: true } : {}), ...(unopposedBy === opponent ? { opponentLeavesUnopposed: true } : {}) };
  });
}

export const skirmish = defineAction({
  summary: "One round of a skirmish: several fighters, each engaging one or more others and splitting her pool among them; every result applied together.",
  request: SkirmishRequest,
  resolve(request: Static<typeof SkirmishRequest>, tray: DiceTray) {
    const fighters = request.fighters as Combatant[];
    const keys = fighters.map((_, i) => SKIRMISHER_KEYS[i]!);
    const absent = SKIRMISHER_KEYS.slice(fighters.length);
    const stray = Object.keys(request).find((field) => absent.some((key) => new RegExp(`^${key}[A-Z]`).test(field)));
    if (stray !== undefined) refuse(`${stray}: there are only ${fighters.length} fighters`);
    const names = new Set(fighters.map((f) => f.name));
    if (names.size !== fighters.length) refuse("two fighters have the same name: name each one apart");
    const lineUp = fighters.map((combatant, i) => ({ key: keys[i]!, combatant }));
    return playAsAsked(request, lineUp, pairingsOf(request.engagements), tray, (round, nameOf) => ({
      fights: round.fights.map((fight) => ({ between: [nameOf(fight.pairing.actor), nameOf(fight.pairing.opponent)], ...fightResult(fight, nameOf) })),
    }));
  },
});
