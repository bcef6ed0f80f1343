import type { PercentileCheck } from "../../core/dice/percentile.js";
import type { Step } from "../../core/outcome.js";
import type { UnhexCharacter } from "./character.js";
import { applyHit, type HitResult } from "./damage.js";
import type { UnhexOptions } from "./options.js";
import { locationForDigit } from "../../core/tracks/locationBoxes.js";
import { defaultDamageDie, type DieName, splitDice } from "./pick.js";
import { HIT_LOCATIONS } from "./tables.js";

export interface LandedHit extends HitResult {
  picker: "attacker" | "target";
  damageDie: DieName;
  damage: number;
  locationDigit: number;
  steps: Step[];
}

/** A successful attack's dice split (by whoever picks) into damage and hit location, then applied to the target. */
export function landHit(check: PercentileCheck, target: UnhexCharacter, picker: "attacker" | "target", damageDie: DieName | undefined, options: UnhexOptions): LandedHit {
  const die = damageDie ?? defaultDamageDie(picker, check);
  const { damage, locationDigit } = splitDice(check, die);
  const hit = applyHit(target, locationDigit, damage, options);
  const steps: Step[] = [
    { rule: "damage-and-location", picker, damageDie: die, damage, locationDigit, location: hit.location },
    { rule: "mark-wounds", target: target.name, placed: hit.marking.placed, filled: hit.marking.filled, unplaced: hit.marking.unplaced, level: hit.character.level },
  ];
  return { ...hit, picker, damageDie: die, damage, locationDigit, steps };
}

/** What each way of splitting a hit's dice would do: damage and hit location with the tens die as damage, and with the units die. */
export function splitOffer(check: PercentileCheck): { tens: { damage: number; location: string }; units: { damage: number; location: string } } {
  const way = (die: DieName) => {
    const { damage, locationDigit } = splitDice(check, die);
    return { damage, location: locationForDigit(HIT_LOCATIONS, locationDigit).id };
  };
  return { tens: way("tens"), units: way("units") };
}
