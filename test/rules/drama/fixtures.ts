import type { Combatant } from "../../../src/rules/drama/combatant.js";
import { DRAMA_OPTIONS, type DramaOptions } from "../../../src/rules/drama/options.js";
import { withDefaults } from "../../../src/rules/options.js";

export const SEED = "seed 001 (Drama in History combat)";
export const MULTI = `${SEED} §Fighting Multiple Opponents`;

export const defaults: DramaOptions = withDefaults(DRAMA_OPTIONS, undefined);

/** The accomplished, armoured warrior: Phy 3, Agl 4, two military backgrounds, 6Ad of armour (Agl 4 + 2Ad harness). */
export const warrior: Combatant = {
  name: "Warrior",
  physical: 3,
  agility: 4,
  skill: 3,
  grit: 6,
  flesh: 7,
  weapon: "medium",
  harness: 2,
  military: 2,
  stance: "press",
};

/** A member of the fyrd: Phy 2, Agl 3, trained (4Bd), Grit 3, max Flesh 7, a 2F weapon, no armour. */
export const fyrd = (name: string): Combatant => ({
  name,
  physical: 2,
  agility: 3,
  skill: 2,
  grit: 3,
  flesh: 7,
  weapon: "medium",
  stance: "stand",
});
