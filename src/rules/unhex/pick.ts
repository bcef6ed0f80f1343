import type { PercentileCheck } from "../../core/dice/percentile.js";

export type DieName = "tens" | "units";

/** The target chooses how the dice split when in cover or holding a shield; otherwise the attacker. */
export function whoPicks(targetHasCover: boolean, targetHoldsShield: boolean): "attacker" | "target" {
  return targetHasCover || targetHoldsShield ? "target" : "attacker";
}

/** Default split when no die is named: the attacker takes the higher digit as damage, the target the lower. */
export function defaultDamageDie(picker: "attacker" | "target", check: PercentileCheck): DieName {
  if (check.tens === check.units) return "tens";
  const higher: DieName = check.tens > check.units ? "tens" : "units";
  return picker === "attacker" ? higher : higher === "tens" ? "units" : "tens";
}

/** One die is the damage, the other the hit-location digit. */
export function splitDice(check: PercentileCheck, damageDie: DieName): { damage: number; locationDigit: number } {
  const other: DieName = damageDie === "tens" ? "units" : "tens";
  return { damage: check[damageDie], locationDigit: check[other] };
}
