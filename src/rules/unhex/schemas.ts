import * as Type from "@sinclair/typebox";
import type { Static, TSchema } from "@sinclair/typebox";
import { optionsSchema } from "../options.js";
import { UNHEX_OPTIONS } from "./options.js";
import { WEAPON_KINDS } from "./tables.js";

const strict = { additionalProperties: false } as const;

export const Options = optionsSchema(UNHEX_OPTIONS);
/** The dice a simulated good fighter rerolls after a failure (the duel's policy). */
export const RerollSchema = Type.Union([Type.Literal("tens"), Type.Literal("units"), Type.Literal("both")]);
/** A good roller's reroll, chosen after seeing the result. */
export const RerollChoiceSchema = Type.Union([Type.Literal("none"), Type.Literal("tens"), Type.Literal("units"), Type.Literal("both")]);
export const DieSchema = Type.Union([Type.Literal("tens"), Type.Literal("units")]);
export const WeaponSchema = Type.Union(WEAPON_KINDS.map((kind) => Type.Literal(kind)));
export const CriticalSchema = Type.Union([Type.Literal("extra-action"), Type.Object({ set: Type.Integer({ minimum: 1, maximum: 99 }) }, strict)]);

/** Who rolls: name, current level (max level defaults to it), PC or NPC (default NPC), good at the roll. */
export const RollerSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    level: Type.Integer({ minimum: -99, maximum: 99 }),
    maxLevel: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    pc: Type.Optional(Type.Boolean()),
    good: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type RollerRequest = Static<typeof RollerSchema>;

export const WoundsSchema = Type.Record(Type.String(), Type.Integer({ minimum: 0, maximum: 99 }));

/** This round's action budget, when the caller tracks it across requests (see budget.ts). */
export const BudgetSchema = Type.Object({ available: Type.Integer({ minimum: 0, maximum: 10 }), owed: Type.Integer({ minimum: 0, maximum: 10 }) }, strict);

/** A character in a fight: a roller with her shield, wound boxes, action budget and the weapons in her hands. */
export const CombatantSchema = Type.Composite([
  RollerSchema,
  Type.Object({
    shield: Type.Optional(Type.Boolean()),
    wounds: Type.Optional(WoundsSchema),
    budget: Type.Optional(BudgetSchema),
    /** The weapons in her hands, by kind (a Counterattack needs a melee one); unknown when absent. */
    weapons: Type.Optional(Type.Array(WeaponSchema, { maxItems: 4 })),
  }),
]);
export type CombatantRequest = Static<typeof CombatantSchema>;

export const ConnectionSchema = Type.Object(
  {
    from: Type.String(),
    to: Type.String(),
    kind: Type.Union([Type.Literal("two-way"), Type.Literal("sight"), Type.Literal("one-way"), Type.Literal("door"), Type.Literal("sight-blocked")]),
    open: Type.Optional(Type.Boolean()),
    transparent: Type.Optional(Type.Boolean()),
    cover: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 1, maximum: 2 }))),
  },
  strict,
);

export const MapSchema = Type.Union([
  Type.Literal("nightclub"),
  Type.Object(
    {
      name: Type.Optional(Type.String()),
      areas: Type.Array(Type.Object({ id: Type.String(), name: Type.Optional(Type.String()) }, strict)),
      connections: Type.Array(ConnectionSchema),
    },
    strict,
  ),
]);
export type MapRequest = Static<typeof MapSchema>;

export const FighterSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    level: Type.Integer({ minimum: 1, maximum: 99 }),
    maxLevel: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    pc: Type.Optional(Type.Boolean()),
    good: Type.Optional(RerollSchema),
    shield: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type FighterRequest = Static<typeof FighterSchema>;

/** Per-roller choices keyed by the request's participant keys ("rerolls": {"a": "tens"}), each awaited until given. */
export function choicesFor<T extends TSchema>(keys: readonly string[], choice: T) {
  return Type.Optional(Type.Object(Object.fromEntries(keys.map((key) => [key, Type.Optional(choice)])), strict));
}
