import * as Type from "@sinclair/typebox";
import { optionsSchema } from "../options.js";
import { DRAMA_OPTIONS } from "./options.js";
import { CHOICE_KINDS, type ChoiceKind, choiceField, MELEE_SITUATION_IDS, REPEATED_KINDS, WAVER_CHOICES } from "./choices.js";
import { RANGED_BONUSES, RANGED_TABLE, SHIELD_SIZES, STANCES, WEAPON_CLASSES } from "./tables.js";

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));
const count = (max = 40) => Type.Integer({ minimum: 0, maximum: max });
const closed = { additionalProperties: false } as const;

export const Options = optionsSchema(DRAMA_OPTIONS);

export const WoundSchema = Type.Object({ flesh: Type.Integer({ minimum: 1, maximum: 40 }), critical: Type.Boolean(), bleeding: Type.Optional(Type.Boolean()) }, closed);

export const CourageModifiersSchema = Type.Object(
  { base: Type.Optional(Type.Integer({ minimum: -20, maximum: 20 })), resistance: Type.Optional(Type.Integer({ minimum: -20, maximum: 20 })), drama: Type.Optional(count(10)), spendDramaPoint: Type.Optional(Type.Boolean()) },
  closed,
);

const DramaticSchema = Type.Object(
  {
    base: Type.Optional(Type.Integer({ minimum: -20, maximum: 20 })),
    resistance: Type.Optional(Type.Integer({ minimum: -20, maximum: 20 })),
    drama: Type.Optional(Type.Integer({ minimum: -10, maximum: 10 })),
    armour: Type.Optional(Type.Integer({ minimum: -20, maximum: 20 })),
    momentum: Type.Optional(Type.Integer({ minimum: -20, maximum: 20 })),
  },
  closed,
);

export const CombatantSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    pc: Type.Optional(Type.Boolean()),
    level: Type.Optional(count(20)),
    physical: count(10),
    agility: count(10),
    skill: count(10),
    skillAttribute: Type.Optional(literals(["physical", "agility"] as const)),
    grit: count(),
    maxGrit: Type.Optional(count()),
    flesh: Type.Integer({ minimum: -40, maximum: 40 }),
    maxFlesh: Type.Optional(Type.Integer({ minimum: 1, maximum: 40 })),
    wounds: Type.Optional(Type.Array(WoundSchema)),
    otherPenalties: Type.Optional(count()),
    weapon: Type.Optional(literals(WEAPON_CLASSES)),
    harness: Type.Optional(count()),
    shield: Type.Optional(literals(SHIELD_SIZES)),
    military: Type.Optional(count(10)),
    militaryAsArmour: Type.Optional(count(10)),
    stance: Type.Optional(literals(STANCES)),
    dramatic: Type.Optional(DramaticSchema),
    engaged: Type.Optional(Type.Boolean()),
    situationalBase: Type.Optional(count()),
    situationalResistance: Type.Optional(count()),
    situationalArmour: Type.Optional(count()),
    disadvantage: Type.Optional(literals(["none", "disadvantaged", "doubly"] as const)),
    drama: Type.Optional(count(10)),
    extraFlesh: Type.Optional(count(10)),
    dramaPoints: Type.Optional(count(20)),
    roundsOut: Type.Optional(count(10)),
    courage: Type.Optional(CourageModifiersSchema),
  },
  closed,
);

const rangedRow = <R extends keyof typeof RANGED_TABLE>(row: R) => Type.Optional(literals(Object.keys(RANGED_TABLE[row]) as Array<keyof (typeof RANGED_TABLE)[R] & string>));

export const RangedSituationSchema = Type.Object(
  { range: rangedRow("range"), visibility: rangedRow("visibility"), wind: rangedRow("wind"), targetMove: rangedRow("targetMove"), targetSize: rangedRow("targetSize") },
  closed,
);

export const RangedBonusSchema = literals(Object.keys(RANGED_BONUSES) as Array<keyof typeof RANGED_BONUSES>);

export const EngagementSchema = Type.Object(
  {
    opponent: CombatantSchema,
    baseDice: Type.Optional(count()),
    military: Type.Optional(count(10)),
    drama: Type.Optional(Type.Boolean()),
    unopposed: Type.Optional(Type.Boolean()),
    momentum: Type.Optional(literals(["actor", "opponent"] as const)),
  },
  closed,
);

export const MomentumCandidateSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    grit: Type.Optional(count()),
    agility: count(10),
    level: Type.Optional(count(20)),
    pc: Type.Optional(Type.Boolean()),
    stance: Type.Optional(literals(STANCES)),
    dramaticMomentum: Type.Optional(Type.Integer({ minimum: -20, maximum: 20 })),
    engaged: Type.Optional(Type.Boolean()),
  },
  closed,
);

/** A stance declared at the table: its name, or a Dramatic stance with the modifiers the GM agreed. */
export const StanceChoiceSchema = Type.Union([literals(STANCES), Type.Object({ stance: literals(STANCES), dramatic: Type.Optional(DramaticSchema) }, closed)]);

export const SplitEntrySchema = Type.Object({ baseDice: Type.Optional(count()), military: Type.Optional(count(10)), drama: Type.Optional(Type.Boolean()) }, closed);

export const PoolChoiceSchema = Type.Object(
  {
    situations: Type.Optional(Type.Array(literals(MELEE_SITUATION_IDS), { maxItems: MELEE_SITUATION_IDS.length })),
    base: Type.Optional(count(20)),
    resistance: Type.Optional(count(20)),
    armour: Type.Optional(count(20)),
    militaryAsArmour: Type.Optional(count(10)),
    drama: Type.Optional(count(10)),
    dramaPointsSpent: Type.Optional(count(20)),
    extraFlesh: Type.Optional(count(10)),
    split: Type.Optional(Type.Array(SplitEntrySchema, { minItems: 1, maxItems: 8 })),
  },
  closed,
);

/** A shooter adds situational dice and Drama dice; the ranged table and the bonuses are the request's own. */
export const RangedPoolChoiceSchema = Type.Object(
  { base: Type.Optional(count(20)), resistance: Type.Optional(count(20)), drama: Type.Optional(count(10)), dramaPointsSpent: Type.Optional(count(20)), extraFlesh: Type.Optional(count(10)) },
  closed,
);

export const CourageChoiceSchema = Type.Object(
  { base: Type.Optional(Type.Integer({ minimum: -20, maximum: 20 })), resistance: Type.Optional(Type.Integer({ minimum: -20, maximum: 20 })), drama: Type.Optional(count(10)) },
  closed,
);

const CHOICE_SCHEMAS: Record<ChoiceKind, typeof StanceChoiceSchema | typeof PoolChoiceSchema | typeof CourageChoiceSchema | ReturnType<typeof literals>> = {
  Stance: StanceChoiceSchema,
  Pool: PoolChoiceSchema,
  Courage: CourageChoiceSchema,
  Waver: literals(WAVER_CHOICES),
};

/**
 * The optional choice fields (`<participant><Choice>`) of each participant a request names; with
 * `tests` above 1, the numbered courage and waver fields of her later courage tests of the round
 * (`bCourage2`...), one per wound that can call a test.
 */
export function choiceFields(participants: readonly string[], kinds: readonly ChoiceKind[] = CHOICE_KINDS, tests = 1) {
  const fields: Record<string, ReturnType<typeof Type.Optional>> = {};
  for (const participant of participants) {
    for (const kind of kinds) {
      const times = REPEATED_KINDS.includes(kind) ? tests : 1;
      for (let n = 1; n <= times; n += 1) fields[choiceField(participant, kind, n)] = Type.Optional(CHOICE_SCHEMAS[kind]);
    }
  }
  return fields;
}

/** Stop at each choice the table makes in turn and say whose it is, instead of taking the stat blocks' values. */
export const Interactive = Type.Optional(Type.Boolean());
