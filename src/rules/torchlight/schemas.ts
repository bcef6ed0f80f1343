import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import { CHARACTERISTICS, type Characteristic, type Vitals } from "../../core/tracks/breath.js";
import { optionsSchema } from "../options.js";
import type { Placement } from "./grid.js";
import { COMPULSION_KINDS } from "./compulsions.js";
import { torchlightOptions } from "./options.js";
import { MANEUVER_NAMES, PUSH_DIRECTIONS, STANCE_ABILITIES, STANCES } from "./tables.js";

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

export const StanceSchema = literals(STANCES);
export const CharacteristicSchema = literals(CHARACTERISTICS);
export const ManeuverSchema = literals(MANEUVER_NAMES);
export const PushDirectionSchema = literals(PUSH_DIRECTIONS);
export const AbilitySchema = literals(STANCE_ABILITIES);
export const WeaponKindSchema = literals(["melee", "reach", "ranged"] as const);
export const Options = optionsSchema(torchlightOptions);

const Dc = Type.Integer({ minimum: 0, maximum: 20 });

/** A combatant's tracks: Breath and the DC of each Characteristic (its ST is 20 − DC). */
export const CombatantSchema = Type.Object(
  {
    name: Type.String(),
    breath: Type.Integer({ minimum: 0 }),
    maxBreath: Type.Optional(Type.Integer({ minimum: 0 })),
    str: Dc,
    dex: Dc,
    wil: Dc,
    san: Dc,
    luck: Dc,
    /** Unhurt DCs, for rest; each defaults to the current DC. */
    maxDc: Type.Optional(Type.Object(Object.fromEntries(CHARACTERISTICS.map((c) => [c, Type.Optional(Dc)])), { additionalProperties: false })),
    incapacitated: Type.Optional(Type.Boolean()),
    stance: Type.Optional(StanceSchema),
    evading: Type.Optional(Type.Boolean()),
    /** The key its owner's choices go by (the saves it owes at the end of a round); its name when not given. */
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    /** Its side and lane on the Combat Grid (Rally and Protect Companion reach only one position). */
    side: Type.Optional(Type.String({ maxLength: 40 })),
    lane: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    /** Enemies whose melee attacks it Parries this round. */
    parrying: Type.Optional(Type.Array(Type.String(), { maxItems: 40 })),
  },
  { additionalProperties: false },
);
export type Combatant = Static<typeof CombatantSchema>;

export function toVitals(combatant: Combatant): Vitals {
  const maxDc = (combatant.maxDc ?? {}) as Partial<Record<Characteristic, number>>;
  const characteristics = Object.fromEntries(
    CHARACTERISTICS.map((c) => [c, { dc: combatant[c], max: Math.max(combatant[c], maxDc[c] ?? combatant[c]) }]),
  ) as Vitals["characteristics"];
  return {
    breath: combatant.breath,
    maxBreath: Math.max(combatant.breath, combatant.maxBreath ?? combatant.breath),
    characteristics,
    incapacitated: combatant.incapacitated ?? false,
    dead: CHARACTERISTICS.some((c) => combatant[c] <= 0),
  };
}

/** A Placement on the Combat Grid, when the combatant has a side and a lane. */
export function placementOf(combatant: Combatant): Placement | undefined {
  if (combatant.side === undefined || combatant.lane === undefined) return undefined;
  return { name: combatant.name, side: combatant.side, lane: combatant.lane, stance: combatant.stance ?? "steadied", ...(combatant.incapacitated ? { incapacitated: true } : {}) };
}

/** The Combat Grid a request describes, one Placement each, as the engagement and ability actions take it. */
export const PlacementSchema = Type.Object(
  {
    name: Type.String(),
    side: Type.String(),
    lane: Type.Integer({ minimum: 1, maximum: 12 }),
    stance: StanceSchema,
    incapacitated: Type.Optional(Type.Boolean()),
    /** It attacks at range this round: not Engaged, and it engages no one. */
    ranged: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The Combat Grid's lanes, top to bottom: each lane's level (a balcony is higher) and whether cover gives it an edge. */
export const LanesSchema = Type.Array(Type.Object({ level: Type.Integer({ minimum: 0, maximum: 9 }), edge: Type.Optional(Type.Boolean()) }, { additionalProperties: false }), { minItems: 1, maxItems: 12 });

/** What compels a character's attack this round: who, and by which ability or Maneuver. */
export const CompulsionsSchema = Type.Array(Type.Object({ kind: literals(COMPULSION_KINDS), by: Type.String() }, { additionalProperties: false }), { maxItems: 10 });

export const WeaponDie = Type.Integer({ minimum: 2, maximum: 100 });
