import { readArmour, rollArmour } from "../../core/dice/successPool.js";
import type { DiceTray } from "../../core/dice/source.js";
import { applyGritDamage, type GritFlesh, penaltyDice, takeWound, type Wound, woundSize } from "../../core/tracks/gritFlesh.js";

export interface BlowSpec {
  kind: "full" | "limited";
  /** Limited blows only: Grit taken (1 in melee; a marginal shot takes none). */
  limitedGrit?: number;
  /** Full blows only: goes to Grit, the excess to Flesh. */
  level: number;
  /** Full blows only: the weapon class's Flesh damage. */
  weaponFlesh: number;
  /** Extra Flesh from a dramatic advantage. */
  extraFlesh?: number;
  /** The striking roll held a critical: any Flesh wound it causes is a critical wound. */
  criticalHit: boolean;
  armourDice: number;
  /** The optional rule that a serious wound bleeds (a world setting, off by default). */
  seriousBleeds?: boolean;
}

export interface Strike {
  before: GritFlesh;
  state: GritFlesh;
  gritLost: number;
  transferred: number;
  discarded: number;
  incomingFlesh: number;
  armourFaces: number[];
  blocks: number;
  wound: Wound | null;
  serious: boolean;
  courageTest: boolean;
  knockedOut: boolean;
  dying: boolean;
  /** Penalty dice held before this blow: what a courage test for it counts. */
  penaltiesBefore: number;
}

/** Limited damage: one Grit (never spilling over) and one Flesh that armour may stop. */
export const LIMITED_GRIT = 1;
export const LIMITED_FLESH = 1;

function limitedGrit(victim: GritFlesh, grit: number) {
  const gritLost = Math.min(grit, Math.max(0, victim.grit));
  return { state: { ...victim, grit: victim.grit - gritLost }, gritLost, transferred: 0, discarded: 0 };
}

/**
 * Lands one blow on a victim: Grit first, then the armour roll against the Flesh, then the wound.
 * Armour is only rolled when there is Flesh damage to stop.
 */
export function strike(victim: GritFlesh, blow: BlowSpec, tray: DiceTray, armourLabel: string): Strike {
  const grit =
    blow.kind === "full"
      ? applyGritDamage(victim, blow.level)
      : limitedGrit(victim, blow.limitedGrit ?? LIMITED_GRIT);
  const incomingFlesh = blow.kind === "full" ? blow.weaponFlesh + grit.transferred + (blow.extraFlesh ?? 0) : LIMITED_FLESH;
  const armour = incomingFlesh > 0 ? rollArmour(tray, blow.armourDice, armourLabel) : { faces: [], blocks: 0 };
  const size = woundSize({ weaponFlesh: incomingFlesh, transferred: 0, blocks: armour.blocks });
  const taken = takeWound(grit.state, size, blow.criticalHit, blow.seriousBleeds ?? false);
  return {
    before: victim,
    state: taken.state,
    gritLost: grit.gritLost,
    transferred: grit.transferred,
    discarded: grit.discarded,
    incomingFlesh,
    armourFaces: armour.faces,
    blocks: readArmour(armour.faces),
    wound: taken.wound,
    serious: taken.serious,
    courageTest: taken.courageTest,
    knockedOut: taken.knockedOut,
    dying: taken.dying,
    penaltiesBefore: penaltyDice(victim),
  };
}

/** What a Shield Bash did: Grit, the Grit spilled into Flesh, the armour rolled against it and the wound left. */
export interface Bash {
  state: GritFlesh;
  gritLost: number;
  transferred: number;
  armourFaces: number[];
  blocks: number;
  wound: Wound | null;
  serious: boolean;
  /** The wound is serious, or left the victim on 1 Flesh: a courage test, as for any wound. */
  courageTest: boolean;
  penaltiesBefore: number;
}

/**
 * A Shield Bash: Grit damage outside the opposed result. Grit it cannot take spills into Flesh like
 * any Grit damage, and that Flesh is met by the victim's armour roll like any Flesh (rolled only
 * when some spills).
 */
export function shieldBash(victim: GritFlesh, grit: number, armourDice: number, tray: DiceTray, armourLabel: string, seriousBleeds = false): Bash {
  const hit = applyGritDamage(victim, grit);
  const penaltiesBefore = penaltyDice(victim);
  const faces = hit.transferred > 0 ? rollArmour(tray, armourDice, armourLabel).faces : [];
  const blocks = readArmour(faces);
  // Nothing through the armour makes no wound (a wound of 0 is none).
  const taken = takeWound(hit.state, woundSize({ weaponFlesh: hit.transferred, transferred: 0, blocks }), false, seriousBleeds);
  return { state: taken.state, gritLost: hit.gritLost, transferred: hit.transferred, armourFaces: faces, blocks, wound: taken.wound, serious: taken.serious, courageTest: taken.courageTest, penaltiesBefore };
}
