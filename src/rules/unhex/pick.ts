import type { PercentileCheck } from "../../core/dice/percentile.js";

export type DieName = "tens" | "units";

/** The target chooses how the dice split when in cover or holding a shield; otherwise the attacker. */
export function whoPicks(targetHasCover: boolean, targetHoldsShield: boolean): "attacker" | "target" {
  return targetHasCover || targetHoldsShield ? "target" : "attacker";
}

/** Default split when no die is named: the attacker takes the higher digit as damage, the target the lower. */
export function defaultDamageDie(picker: "attacker" | "target", check: PercentileCheck): DieName {
  // On doubles both give the tens die (either way the damage and the location digit are the same).
  if (picker === "attacker") return check.tens >= check.units ? "tens" : "units";
  return check.tens <= check.units ? "tens" : "units";
}

/** One die is the damage, the other the hit-location digit. */
export function splitDice(check: PercentileCheck, damageDie: DieName): { damage: number; locationDigit: number } {
  const other: DieName = damageDie === "tens" ? "units" : "tens";
  return { damage: check[damageDie], locationDigit: check[other] };
}
