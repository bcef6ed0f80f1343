/**
 * The compulsions on a combatant this round, read on the GM from the Combat's state: an Intimidation
 * used on it this round, a Goad taken on it last round, a Parry of its attack last round. The
 * attack and ability cards send them to the rules (which refuse what disobeys them); the tracker row
 * says what the combatant owes.
 */
import { attackRefusal, isClosestInLane } from "../../../../rules/torchlight/grid.js";
import { COMPULSIONS, type CompulsionKind } from "../../../../rules/torchlight/compulsions.js";
import type { WeaponKind } from "../../../../rules/torchlight/tables.js";
import { engagedNow, type Fighter, placementsOf } from "./fight.js";
import type { TorchlightCombatState } from "./state.js";

export interface Compelling {
  kind: CompulsionKind;
  /** The one who compels, as the fight names it. */
  by: Fighter;
}

/** Whether a compulsion taken in `taken` binds in `round`. */
const binds = (kind: CompulsionKind, taken: number, round: number): boolean => taken + COMPULSIONS[kind].bindsAfter === round;

/** Every compulsion binding `fighter` in `round`, each with the fighter who compels it (one still in the fight). */
export function compulsionsOn(fighter: Fighter, fighters: readonly Fighter[], state: TorchlightCombatState, round: number): Compelling[] {
  const found: Compelling[] = [];
  const add = (kind: CompulsionKind, id: string | null) => {
    const by = fighters.find((f) => f.id === id);
    if (by && by.id !== fighter.id) found.push({ kind, by });
  };
  for (const [id, used] of Object.entries(state.abilities)) if (used.ability === "intimidation" && used.on === fighter.id && binds("intimidation", used.round, round)) add("intimidation", id);
  const goaded = state.marks[fighter.id]?.goaded;
  if (goaded && binds("goad", goaded.taken, round)) add("goad", goaded.by);
  for (const [id, marks] of Object.entries(state.marks)) if (marks.parrying?.by === fighter.id && binds("parry", marks.parrying.taken, round)) add("parry", id);
  return found;
}

/**
 * The compulsions an attack must obey: a Goad or a Parry binds only while the compelled has a weapon
 * that can obey it (any for a Goad, a melee or reach one for a Parry) with its compeller in that
 * weapon's reach; otherwise she attacks whom she can. An Intimidation sends the attack nowhere in
 * particular and always binds.
 */
export function compulsionsForAttack(attacker: Fighter & { cell: NonNullable<Fighter["cell"]> }, weapons: readonly WeaponKind[], fighters: readonly Fighter[], state: TorchlightCombatState, round: number): Compelling[] {
  const grid = placementsOf(fighters);
  const engaged = engagedNow(fighters, attacker);
  const reaches = (weapon: WeaponKind, to: Fighter & { cell: NonNullable<Fighter["cell"]> }) =>
    attackRefusal({
      weapon,
      attackerStance: attacker.cell.stance,
      attackerLane: attacker.cell.lane,
      targetLane: to.cell.lane,
      attackerEngaged: engaged,
      targetHidden: !!state.marks[to.id]?.hidden,
      targetClosest: isClosestInLane(grid, to.name),
    }) === undefined;
  return compulsionsOn(attacker, fighters, state, round).filter(({ kind, by }) => {
    if (!COMPULSIONS[kind].atCompeller) return true;
    const cell = by.cell;
    if (!cell) return false;
    return weapons.some((weapon) => (weapon !== "ranged" || !COMPULSIONS[kind].melee) && reaches(weapon, { ...by, cell }));
  });
}

/** The compulsions as the rules request takes them. */
export const asRules = (found: readonly Compelling[]) => found.map(({ kind, by }) => ({ kind, by: by.name }));
