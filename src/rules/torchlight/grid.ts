import { PUSH_DIRECTIONS, type PushDirection, type Stance, STANCE_RULES, STANCES, stanceDepth, type WeaponKind } from "./tables.js";
import { RuleError } from "../../core/ruleError.js";

/** Where one combatant stands on the Combat Grid. Lanes are numbered from 1 (top row). */
export interface Placement {
  name: string;
  /** Which side it fights on ("party", "bandits"...): enemies are on another side. */
  side: string;
  lane: number;
  stance: Stance;
  incapacitated?: boolean;
  /** It attacks at range: a character making a ranged attack is not Engaged and engages no one. */
  ranged?: boolean;
}

/** A lane's terrain: its level (a balcony is higher) and whether it otherwise Enhances/Impairs
 * attacks (dense cover...). Either makes it enterable only from an adjacent lane. */
export interface Lane {
  level: number;
  edge?: boolean;
}

export const STANDARD_LANE_COUNT = 6;

export function flatLanes(count = STANDARD_LANE_COUNT): Lane[] {
  return Array.from({ length: count }, () => ({ level: 0 }));
}

function find(grid: readonly Placement[], name: string): Placement {
  const placement = grid.find((p) => p.name === name);
  if (!placement) throw new RuleError(`${name} is not on the grid`);
  return placement;
}

/** Only a standing enemy outside the Rearguard, and not attacking at range, imparts engagement (and can take it on). */
function imparts(placement: Placement): boolean {
  return !placement.incapacitated && placement.stance !== "rearguard" && placement.ranged !== true;
}

/**
 * Engaged: an enemy that can impart engagement shares the lane, and no standing companion in a
 * closer stance of that lane has pulled the engagement onto itself. The seed's retreat example
 * (Breyer behind Tahula is not engaged until she goes down) is what asks for the companion screen.
 * One who attacks at range is never Engaged, so she pulls no engagement off a companion either.
 */
export function isEngaged(grid: readonly Placement[], name: string): boolean {
  const me = find(grid, name);
  if (me.ranged) return false;
  const enemyInLane = grid.some((p) => p.side !== me.side && p.lane === me.lane && imparts(p));
  if (!enemyInLane) return false;
  // She never screens herself: her own stance is not closer than itself.
  const screened = grid.some((p) => p.side === me.side && p.lane === me.lane && !p.incapacitated && !p.ranged && stanceDepth(p.stance) < stanceDepth(me.stance));
  return !screened;
}

/**
 * The nearest Engaged enemy: of the enemies in the same lane that are in the engagement (Engaged
 * themselves, and able to impart it: not in the Rearguard, not attacking at range, standing), the
 * one in the closest (frontmost) stance; the first listed on a tie. A Rearguard sniper engages no
 * one, so it is never the nearest Engaged enemy.
 */
export function nearestEngagedEnemy(grid: readonly Placement[], name: string): Placement | undefined {
  const me = find(grid, name);
  // An enemy that imparts engagement is Engaged only when no standing companion of hers that imparts it
  // stands closer: so all such enemies stand in one stance, the closest, and the first listed is the one.
  return grid.find((p) => p.side !== me.side && p.lane === me.lane && imparts(p) && isEngaged(grid, p.name));
}

/**
 * Whether a target is "the closest character" of its side in its lane, as a reach weapon reaching
 * into the next lane needs: no standing character of its side stands in a closer stance there.
 */
export function isClosestInLane(grid: readonly Placement[], target: string): boolean {
  const it = find(grid, target);
  return !grid.some((p) => p.side === it.side && p.lane === it.lane && !p.incapacitated && stanceDepth(p.stance) < stanceDepth(it.stance));
}

export function mayRetreat(grid: readonly Placement[], name: string): boolean {
  const me = find(grid, name);
  return STANCE_RULES[me.stance].mayRetreat && !me.incapacitated && !isEngaged(grid, name);
}

export function areAdjacent(a: Placement, b: Placement, diagonal: boolean): boolean {
  const lanes = Math.abs(a.lane - b.lane);
  const stances = Math.abs(stanceDepth(a.stance) - stanceDepth(b.stance));
  if (lanes === 0 && stances === 0) return false;
  return diagonal ? lanes <= 1 && stances <= 1 : lanes + stances === 1;
}

/** Companions a Rally reaches: same side, standing or not, within one adjacent position. */
export function rallyReach(grid: readonly Placement[], name: string, diagonal: boolean): Placement[] {
  const me = find(grid, name);
  // The rallier is not adjacent to her own position, so she never reaches herself.
  return grid.filter((p) => p.side === me.side && areAdjacent(me, p, diagonal));
}

/** A lane of another level, or with an edge, is entered only from an adjacent lane. */
export function canMove(lanes: readonly Lane[], fromLane: number, toLane: number): boolean {
  const from = lanes[fromLane - 1];
  const to = lanes[toLane - 1];
  if (!from || !to) return false;
  if (fromLane === toLane) return true;
  const restricted = from.level !== to.level || to.edge === true;
  return !restricted || Math.abs(fromLane - toLane) === 1;
}

/** +1 (Enhanced) attacking down from a higher lane, −1 (Impaired) attacking up, 0 on one level. */
export function elevationEdge(lanes: readonly Lane[], attackerLane: number, targetLane: number): number {
  const from = lanes[attackerLane - 1]?.level ?? 0;
  const to = lanes[targetLane - 1]?.level ?? 0;
  return Math.sign(from - to);
}

export type AttackRefusal = "no-melee-from-rearguard" | "melee-out-of-lane" | "reach-out-of-range" | "reach-not-closest" | "ranged-while-engaged" | "called-shot-needs-ranged" | "target-hidden";

export interface AttackLegality {
  weapon: WeaponKind;
  attackerStance: Stance;
  attackerLane: number;
  targetLane: number;
  attackerEngaged: boolean;
  calledShot?: boolean;
  targetHidden?: boolean;
  /** Splash or area damage: it reaches a hidden target (Impaired) wherever it stands. */
  area?: boolean;
  /** The target is the closest character of its side in its lane (a reach weapon into the next lane needs it). */
  targetClosest?: boolean;
}

/** Why an attack may not be made, or undefined when it may. */
export function attackRefusal(attack: AttackLegality): AttackRefusal | undefined {
  const melee = attack.weapon !== "ranged";
  const laneGap = Math.abs(attack.attackerLane - attack.targetLane);
  if (attack.calledShot && melee) return "called-shot-needs-ranged";
  if (melee && !STANCE_RULES[attack.attackerStance].meleeAllowed) return "no-melee-from-rearguard";
  if (attack.weapon === "melee" && laneGap !== 0) return "melee-out-of-lane";
  if (attack.weapon === "reach" && laneGap > 1) return "reach-out-of-range";
  if (attack.weapon === "reach" && laneGap === 1 && attack.targetClosest !== true) return "reach-not-closest";
  if (!melee && attack.attackerEngaged) return "ranged-while-engaged";
  // A hidden target: no ranged attack save a Called Shot or area damage, and only an engaged enemy in its lane closes in.
  if (attack.targetHidden && !attack.area && !melee && !attack.calledShot) return "target-hidden";
  if (attack.targetHidden && !attack.area && melee && (laneGap !== 0 || !attack.attackerEngaged)) return "target-hidden";
  return undefined;
}

/**
 * Whether a companion may Protect another: same side, one adjacent position apart, the protector
 * standing. The rules are silent on a fallen companion; she can still be hit, so she may be protected.
 */
export function mayProtect(grid: readonly Placement[], protector: string, companion: string, diagonal: boolean): boolean {
  const by = find(grid, protector);
  const of = find(grid, companion);
  // No one protects herself: she is not adjacent to her own position.
  return by.side === of.side && !by.incapacitated && areAdjacent(by, of, diagonal);
}

/** The cells a Push may send a target to from where it stands: one lane up or down, one stance forward or back. */
export function pushDirections(lane: number, stance: Stance, laneCount: number): PushDirection[] {
  return PUSH_DIRECTIONS.filter((direction) => pushedTo(lane, stance, direction, laneCount) !== undefined);
}

/** Where a Push in this direction lands, or undefined off the grid. */
export function pushedTo(lane: number, stance: Stance, direction: PushDirection, laneCount: number): { lane: number; stance: Stance } | undefined {
  const depth = stanceDepth(stance);
  const next = {
    "lane-up": { lane: lane - 1, depth },
    "lane-down": { lane: lane + 1, depth },
    forward: { lane, depth: depth - 1 },
    back: { lane, depth: depth + 1 },
  }[direction];
  const landed = STANCES[next.depth];
  if (next.lane < 1 || next.lane > laneCount || landed === undefined) return undefined;
  return { lane: next.lane, stance: landed };
}

/** How many of one side stand in a cell (lane and stance). */
export function cellCount(grid: readonly Placement[], side: string, lane: number, stance: Stance): number {
  return grid.filter((p) => p.side === side && p.lane === lane && p.stance === stance).length;
}

/**
 * Where a newcomer goes on the grid: its wished lane and stance when there is room; otherwise the
 * nearest other lane of the same level (the lower-numbered one first at equal distance), trying the
 * Aggressive stance first and moving back; the wished lane's other stances last. Undefined: full.
 */
export function placeWithOverflow(grid: readonly Placement[], side: string, wish: { lane: number; stance: Stance }, lanes: readonly Lane[], capacity: number): { lane: number; stance: Stance } | undefined {
  const fits = (lane: number, stance: Stance) => cellCount(grid, side, lane, stance) < capacity;
  if (lanes[wish.lane - 1] && fits(wish.lane, wish.stance)) return { lane: wish.lane, stance: wish.stance };
  const level = lanes[wish.lane - 1]?.level ?? 0;
  const others = lanes
    .map((lane, index) => ({ lane: index + 1, level: lane.level }))
    .filter((lane) => lane.lane !== wish.lane && lane.level === level)
    // The lanes come in order and sort is stable, so at equal distance the lower-numbered stays first.
    .sort((a, b) => Math.abs(a.lane - wish.lane) - Math.abs(b.lane - wish.lane));
  for (const lane of [...others.map((o) => o.lane), wish.lane]) {
    const stance = STANCES.find((s) => fits(lane, s));
    if (stance) return { lane, stance };
  }
  return undefined;
}

/** Why a character may not make her move on the grid, as a refusal code, or undefined when she may. */
export type MoveRefusal = "off-grid" | "move-nowhere" | "moved-this-round" | "moved-after-attacks" | "move-grappled" | "move-pushed" | "drags-one-position" | "lane-out-of-reach" | "cell-full";

/** What the fight's marks say about the mover this round. */
export interface MoveFacts {
  /** She already made her one move this round. */
  movedThisRound?: boolean;
  /** Her side's declared attacks have rolled this turn: a move is declared with the rest, before any attack. */
  sideRolled?: boolean;
  /** She is held in a Grapple: "the enemy may not move". */
  grappled?: boolean;
  /** She was Pushed last round: "may not move from that position next round". */
  pushed?: boolean;
}

/**
 * A move to another lane or stance: one a round; not while Grappled or just Pushed; an
 * Incapacitated character only drags herself one position (one lane or one stance); a lane of
 * another level or with an edge only from the next lane; and the cell must have room for her side.
 */
export function moveRefusal(grid: readonly Placement[], lanes: readonly Lane[], name: string, to: { lane: number; stance: Stance }, capacity: number, facts: MoveFacts = {}): MoveRefusal | undefined {
  const me = find(grid, name);
  if (to.lane < 1 || to.lane > lanes.length) return "off-grid";
  if (to.lane === me.lane && to.stance === me.stance) return "move-nowhere";
  if (facts.movedThisRound) return "moved-this-round";
  if (facts.sideRolled) return "moved-after-attacks";
  if (facts.grappled) return "move-grappled";
  if (facts.pushed) return "move-pushed";
  if (me.incapacitated && !areAdjacent(me, { ...me, ...to }, false)) return "drags-one-position";
  if (!canMove(lanes, me.lane, to.lane)) return "lane-out-of-reach";
  // She is not in the cell she moves to (a move to where she stands was refused above), so she never counts against it.
  if (cellCount(grid, me.side, to.lane, to.stance) >= capacity) return "cell-full";
  return undefined;
}
