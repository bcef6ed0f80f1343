import { rangeBand } from "../../../../rules/cavaliers/range.js";
import { WOUND_DROP_SKILLS, type AttackId } from "../../../../rules/cavaliers/tables.js";
import type { AttackRequest } from "../requests.js";
import { readAssists } from "./assists.js";
import { planCombined } from "./combined-plan.js";
import type { WeaponRow } from "./gear.js";

/** What the attack dialog's form holds. */
export interface AttackFormValues {
  /** A specialty item id, or ":<attack>" to attack with no specialty ranks. */
  specialty: string;
  weapon: string;
  combined: string[];
  useAdvantage: boolean;
  assists: string[];
  /** Areas away ("" when unknown). */
  range: number | null;
  cover: number;
  /** publicroll, gmroll, blindroll or selfroll. */
  rollMode: string;
}

export interface AttackContext {
  attackerUuid: string;
  targetUuid: string;
  attackerTokenUuid?: string;
  targetTokenUuid?: string;
  /** Specialty item id → the attack it rolls. */
  specialties: Record<string, AttackId>;
  weapons: readonly WeaponRow[];
  woundDrop: number;
  advantage: number;
  /** Whether the attacker's Area sees the target's, when the scene's Areas say. */
  lineOfSight?: boolean;
  /** Whether she won a Parry or Feint that bought a Riposte she has not made yet. */
  riposteReady?: boolean;
  /** Dying: she takes no action. */
  dying?: boolean;
  /** The target is Dying: out of the fight, she cannot be attacked. */
  targetDying?: boolean;
  /** Combined actions she took earlier this round (the Drop 4 cap and the two Areas are the round's). */
  combinedThisRound?: readonly string[];
  /** An opponent's Interpose holds her in her Area this round. */
  heldInArea?: boolean;
}

export interface AttackPlan {
  attack: AttackId | null;
  combinedDrop: number;
  woundDrop: number;
  rangeDrop: number;
  coverDrop: number;
  totalDrop: number;
  overCap: boolean;
  problems: string[];
  request: AttackRequest | null;
}

const i18n = () => game.i18n!;

/** The attack a specialty choice rolls, and the item whose ranks join the pool. */
function chosenAttack(choice: string, context: AttackContext): { attack: AttackId; itemId?: string } | null {
  if (choice.startsWith(":")) return { attack: choice.slice(1) as AttackId };
  const attack = context.specialties[choice];
  return attack ? { attack, itemId: choice } : null;
}

/**
 * The running Drop of an attack and whether it may go: the round's combined actions may add up to
 * the cap (the rules' Drop 4) and move two Areas at most; Dueling and Brawl need the target's Area
 * (a combined Move or Run may close the distance); an aimed weapon must reach the band where she
 * stands after moving.
 */
export function planAttack(values: AttackFormValues, context: AttackContext): AttackPlan {
  const problems: string[] = [];
  if (context.dying) problems.push(i18n().localize("FRAY.Ui.DyingNoTurn"));
  if (context.targetDying) problems.push(i18n().localize("FRAY.Ui.TargetDying"));
  const chosen = chosenAttack(values.specialty, context);
  if (!chosen) problems.push(i18n().localize("FRAY.Ui.ChooseAttack"));
  if (chosen?.attack === "riposte" && !context.riposteReady) problems.push(i18n().localize("FRAY.Ui.NoRiposte"));
  const attack = chosen?.attack ?? null;

  const { combined, combinedDrop, moved, overCap, problems: combinedProblems } = planCombined(values.combined, context.combinedThisRound, context.heldInArea);
  problems.push(...combinedProblems);

  const woundDrop = attack && WOUND_DROP_SKILLS.includes(attack) ? context.woundDrop : 0;
  const weapon = context.weapons.find((w) => w.id === values.weapon);
  let rangeDrop = 0;
  // The request carries the range before the combined Move or Run, which closes in: the rules read
  // Dueling and Brawl (and an Aim's band) where she stands after it.
  if (values.range !== null && attack) {
    const after = Math.max(0, values.range - moved);
    if (attack === "aim") {
      if (context.lineOfSight === false && moved === 0) problems.push(i18n().localize("FRAY.Ui.NoLineOfSight"));
      if (weapon && !weapon.melee) {
        const band = rangeBand(after);
        const drop = weapon.rangeDrops[band];
        if (drop === null || drop === undefined) problems.push(i18n().format("FRAY.Ui.OutOfReach", { weapon: weapon.name, band: i18n().localize(`FRAY.Cavaliers.${band.charAt(0).toUpperCase()}${band.slice(1)}`) }));
        else rangeDrop = drop;
      }
    } else if (after > 0) problems.push(i18n().localize("FRAY.Ui.SameAreaNeeded"));
  }
  const coverDrop = attack === "aim" ? values.cover : 0;

  const { assists, problems: assistProblems } = readAssists(values.assists);
  problems.push(...assistProblems);
  const useAdvantage = values.useAdvantage && context.advantage > 0;

  const request: AttackRequest | null =
    problems.length || !attack
      ? null
      : {
          attackerUuid: context.attackerUuid,
          targetUuid: context.targetUuid,
          ...(context.attackerTokenUuid ? { attackerTokenUuid: context.attackerTokenUuid } : {}),
          ...(context.targetTokenUuid ? { targetTokenUuid: context.targetTokenUuid } : {}),
          attack,
          ...(chosen?.itemId ? { specialtyItemId: chosen.itemId } : {}),
          ...(weapon ? { weaponItemId: weapon.id } : {}),
          combined,
          useAdvantage,
          assists,
          ...(values.range !== null ? { range: values.range } : {}),
          cover: values.cover,
          rollMode: values.rollMode,
        };
  return { attack, combinedDrop, woundDrop, rangeDrop, coverDrop, totalDrop: combinedDrop + woundDrop + rangeDrop + coverDrop, overCap, problems, request };
}
