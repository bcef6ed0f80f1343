import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import { optionsSchema } from "../options.js";
import { cavaliersOptions } from "./options.js";

const literals = <T extends string | number>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

export const AttributeDie = literals([6, 8, 10]);
export const CompetencyDie = literals([0, 6, 8, 10, 12]);
export const DieSize = literals([6, 8, 10, 12]);
export const AdvantageDie = literals([0, 6, 8, 10, 12]);
export const ActorTypeSchema = literals(["pc", "rabble", "stock", "minor", "major"] as const);
export const OppositionSchema = literals(["very-easy", "easy", "moderate", "hard", "very-hard"] as const);
export const InitiativeSpecialtySchema = literals(["impulse", "vigilance", "timing"] as const);
export const Options = optionsSchema(cavaliersOptions);

/**
 * The character's competency die: one per character (the source's chargen gives a starting PC a
 * d6). Her Yield Limit always reads it; a roll adds it only where she is competent (`competent`).
 */
export const competencyField = Type.Optional(CompetencyDie);

/** The dice of one roll: attribute, competency, ranks, item, bonus, assists, and the Drop on it. */
export const poolFields = {
  attribute: AttributeDie,
  competency: competencyField,
  /** Whether she is competent in the skill rolled, so her competency die joins the pool (default true). */
  competent: Type.Optional(Type.Boolean()),
  ranks: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
  item: Type.Optional(DieSize),
  bonus: Type.Optional(DieSize),
  assists: Type.Optional(Type.Array(Type.Array(DieSize, { minItems: 1, maxItems: 10 }), { maxItems: 2 })),
  /** Situational Drop (prone, held, a pitching deck...), on top of Wounds and combined actions. */
  drop: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
  /** Combined actions taken with this roll. */
  combined: Type.Optional(Type.Array(Type.String())),
  /** Combined actions she took earlier this round: they count towards the Drop 4 cap and the two Areas of movement, but their Drop is not on this roll. */
  combinedThisRound: Type.Optional(Type.Array(Type.String())),
  /** An opponent's Interpose holds her in her Area this round: she takes no Move or Run. */
  heldInArea: Type.Optional(Type.Boolean()),
  /** Pool indices the roller removes for Drop, instead of the smallest dice. */
  dropChoice: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
};

/**
 * The character's own wound track: the Drop at each Wound before Dying, so its length + 1 is her
 * Wound Limit (the seed's table runs to Wound Limit 6). Left out, her type's track.
 */
export const WoundTrackSchema = Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 10 }), { maxItems: 10 }));

/** The tracks a combatant carries between rolls. */
export const stateFields = {
  name: Type.String({ minLength: 1 }),
  type: Type.Optional(ActorTypeSchema),
  yield: Type.Optional(Type.Integer({ minimum: 0 })),
  wounds: Type.Optional(Type.Integer({ minimum: 0 })),
  woundTrack: WoundTrackSchema,
  competency: competencyField,
  /** Yield Limit with no Wounds; by default from the type and the character's competency die. */
  yieldLimit: Type.Optional(Type.Integer({ minimum: 0 })),
  advantage: Type.Optional(AdvantageDie),
  style: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
  /** Roll the Advantage die in this pool (it then steps down). */
  useAdvantage: Type.Optional(Type.Boolean()),
};

/** Enough of a character to know whether she is Dying (and so takes no action). */
export const dyingFields = {
  type: Type.Optional(ActorTypeSchema),
  wounds: Type.Optional(Type.Integer({ minimum: 0 })),
  woundTrack: WoundTrackSchema,
};

export const StateOnly = Type.Object(stateFields, { additionalProperties: false });

export const Participant = Type.Object({ ...stateFields, ...poolFields }, { additionalProperties: false });
export type ParticipantRequest = Static<typeof Participant>;

export const Spend = Type.Array(Type.String(), { maxItems: 40 });
