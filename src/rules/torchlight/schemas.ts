import { type Static, Type } from "@sinclair/typebox";
import { CHARACTERISTICS, type Characteristic, type Vitals } from "../../core/tracks/breath.js";
import { optionsSchema } from "../options.js";
import { torchlightOptions } from "./options.js";
import { MANEUVER_NAMES, STANCES } from "./tables.js";

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

export const StanceSchema = literals(STANCES);
export const CharacteristicSchema = literals(CHARACTERISTICS);
export const ManeuverSchema = literals(MANEUVER_NAMES);
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

export const WeaponDie = Type.Integer({ minimum: 2, maximum: 100 });
