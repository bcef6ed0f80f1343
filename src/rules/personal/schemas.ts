import * as Type from "@sinclair/typebox";
import { optionsSchema } from "../options.js";
import { personalOptions } from "./options.js";

const Name = Type.String({ minLength: 1 });
const Rank = Type.Integer({ minimum: 0, maximum: 30 });

export const Options = optionsSchema(personalOptions);

/** Replacement lists (from compendium items); each one left out keeps the house default. */
export const Lists = Type.Optional(
  Type.Object(
    {
      zones: Type.Optional(Type.Array(Name, { minItems: 1 })),
      actions: Type.Optional(Type.Array(Name, { minItems: 1 })),
      fates: Type.Optional(Type.Array(Type.Object({ name: Name, outOfFight: Type.Boolean() }, { additionalProperties: false }), { minItems: 1 })),
    },
    { additionalProperties: false },
  ),
);

export const Kind = Type.Union([Type.Literal("pc"), Type.Literal("significant"), Type.Literal("minor")]);

/** Resolve and what hangs on it; everything past Resolve and the two ranks may be left out. */
export const vitalsFields = {
  kind: Type.Optional(Kind),
  resolve: Type.Integer({ minimum: 0, maximum: 1000 }),
  maxResolve: Type.Integer({ minimum: 1, maximum: 1000 }),
  wounded: Type.Optional(Type.Boolean()),
  stamina: Rank,
  control: Rank,
  ignoresLeft: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })),
  fates: Type.Optional(Type.Array(Name)),
  defeated: Type.Optional(Type.Boolean()),
};

// TypeBox checks a Record's keys by their pattern alone (a minLength there was never checked), and
// only with additionalProperties false does a key off the pattern fail: so an unnamed type is refused.
export const ArmorRatings = Type.Record(Type.String({ pattern: "^.+$" }), Type.Integer({ minimum: 0, maximum: 100 }), { additionalProperties: false });

export const Weapon = Type.Object(
  {
    name: Type.Optional(Name),
    attack: Type.String({ minLength: 1, maxLength: 100 }),
    damage: Type.String({ minLength: 1, maxLength: 100 }),
    damageType: Name,
    piercing: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const Target = Type.Object(
  { name: Name, defense: Type.Integer({ minimum: 0, maximum: 1000 }), armor: Type.Optional(ArmorRatings), ...vitalsFields },
  { additionalProperties: false },
);

export const Pc = Type.Object({ name: Name, rank: Rank, face: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: false });
export const Npc = Type.Object({ name: Name, rank: Rank, major: Type.Optional(Type.Boolean()) }, { additionalProperties: false });

export const Fighter = Type.Object(
  {
    name: Name,
    initiative: Rank,
    major: Type.Optional(Type.Boolean()),
    defense: Type.Integer({ minimum: 0, maximum: 1000 }),
    armor: Type.Optional(ArmorRatings),
    weapon: Weapon,
    ...vitalsFields,
  },
  { additionalProperties: false },
);
