import type { DiceTray } from "../../core/dice/source.js";
import { orderByTotalThenSuccessPoints, type Placed, placeLateJoiner } from "../../core/initiative/totalThenSuccessPoints.js";
import type { Step } from "../../core/outcome.js";
import { competencyOf } from "./actors.js";
import { buildPool, type PoolSpec, rollCheck } from "./pool.js";
import { refuse } from "./refusal.js";
import { type ActorType, INITIATIVE_COSTS, type InitiativeSpecialty, type InitiativeSpend, MAX_INTERPOSE_AREAS } from "./tables.js";

export interface InitiativeRoller extends PoolSpec {
  name: string;
  specialty: InitiativeSpecialty;
  /** Surprised: Drop 1 on the Initiative roll. */
  surprised?: boolean;
  /** Identical Rabble or Stock (three or more) rolling once for all. */
  members?: readonly string[];
  type?: ActorType;
}

export interface InitiativePlace {
  id: string;
  members: string[];
  specialty: InitiativeSpecialty;
  total: number;
  successPoints: number;
  initiativePoints: number;
}

/** Wounds do not touch Initiative; surprise does (Drop 1), and a Focus takes its turn's combined-action Drop. */
export function rollInitiative(tray: DiceTray, roller: InitiativeRoller, keepOneDie: boolean, steps: Step[], extraDrop = 0): InitiativePlace {
  const members = roller.members ? [...roller.members] : [roller.name];
  if (roller.members) {
    if (roller.members.length < 3) refuse(`${roller.name}: a shared Initiative roll needs a group of three or more`);
    if (roller.type !== "rabble" && roller.type !== "stock") refuse(`${roller.name}: only Rabble or Stock characters share an Initiative roll`);
  }
  const reading = rollCheck(tray, buildPool({ ...roller, competency: competencyOf(roller) }), (roller.surprised ? 1 : 0) + extraDrop, `initiative: ${roller.name}`, keepOneDie, undefined, steps);
  return { id: roller.name, members, specialty: roller.specialty, total: reading.total, successPoints: reading.successPoints, initiativePoints: reading.successPoints };
}

export function orderInitiative(tray: DiceTray, places: readonly InitiativePlace[]): Placed<InitiativePlace>[] {
  return orderByTotalThenSuccessPoints(places, tray);
}

/** A combatant joining a fight already under way enters at the place its roll earns, from the next round. */
export function lateJoiner(order: readonly Pick<InitiativePlace, "id" | "total" | "successPoints">[], joiner: InitiativePlace, tray: DiceTray) {
  return placeLateJoiner<Pick<InitiativePlace, "id" | "total" | "successPoints">>(order, joiner, tray);
}

/** Where a combatant stands in the order: a total and the SP that break ties on it. */
export interface InitiativePosition {
  total: number;
  successPoints: number;
}

export function betterPosition(a: InitiativePosition, b: InitiativePosition): InitiativePosition {
  const lead = b.total - a.total || b.successPoints - a.successPoints;
  return lead > 0 ? b : a;
}

/** Focus: keep the better of the old and new positions, and add the new roll's IP. */
export function focus(current: InitiativePosition & { initiativePoints: number }, rolled: InitiativePosition): InitiativePosition & { initiativePoints: number; moved: boolean } {
  const position = betterPosition(current, rolled);
  return { total: position.total, successPoints: position.successPoints, initiativePoints: current.initiativePoints + rolled.successPoints, moved: position === rolled };
}

export interface IpState {
  specialty: InitiativeSpecialty;
  initiativePoints: number;
  /** What was already bought this round. */
  usedThisRound: readonly InitiativeSpend[];
}

/**
 * Spends IP on Seize the Initiative, Interpose or Reprise Attack at the specialty's cost.
 * Interpose and Reprise are once per round by the rules; Seize by house default.
 */
export function spendInitiative(state: IpState, what: InitiativeSpend, seizeOncePerRound: boolean, context: { attackFailed?: boolean } = {}): IpState & { cost: number } {
  const cost = INITIATIVE_COSTS[state.specialty][what];
  const oncePerRound = what !== "seize" || seizeOncePerRound;
  if (oncePerRound && state.usedThisRound.includes(what)) refuse(`${what} can be used only once per round`);
  if (what === "reprise" && !context.attackFailed) refuse("Reprise Attack repeats a failed attack only");
  if (cost > state.initiativePoints) refuse(`${what} costs ${cost} IP with ${state.specialty}; only ${state.initiativePoints} IP left`);
  return { specialty: state.specialty, initiativePoints: state.initiativePoints - cost, usedThisRound: [...state.usedThisRound, what], cost };
}

/**
 * Seize the Initiative: for this round she acts next, just before whoever was about to act (first
 * of all when the round's first turn has not begun); the round after, she is back at her place.
 * `order` is this round's order by name, `acting` whoever acts now.
 */
export function seizeOrder(order: readonly string[], seizer: string, acting?: string): string[] {
  const at = order.indexOf(seizer);
  if (at < 0) refuse(`${seizer} is not in the Initiative order`);
  // Nobody acting yet (no acting name) is -1: before the first of the order.
  const now = order.findIndex((name) => name === acting);
  if (now < 0 && acting !== undefined) refuse(`${acting} is not in the Initiative order`);
  if (at < now) refuse(`${seizer} has already acted this round`);
  if (at === now) refuse(`${seizer} is acting now: there is nobody to jump ahead of`);
  if (at === now + 1) refuse(`${seizer} acts next already: a Seize would change nothing`);
  const others = order.filter((name) => name !== seizer);
  return [...others.slice(0, now + 1), seizer, ...others.slice(now + 1)];
}

/** An Interpose: take an attack meant for someone else, or hold an opponent in the Area. */
export type InterposeRequest =
  /** She becomes the target of `attacker`'s attack on `target`, `areas` away (0: the same Area; 1: with a combined Move). */
  | { mode: "redirect"; attacker: string; target: string; areas: number }
  /** `opponent`, in her Area, cannot leave it this round; the attack is not redirected. */
  | { mode: "block"; opponent: string; areas: number };

export interface InterposeResult {
  mode: "redirect" | "block";
  /** Redirect: the attack's defender now, instead of whom, and the combined Move she takes to get there. */
  defender?: string;
  insteadOf?: string;
  combined?: string[];
  /** Block: who is held in her Area this round. */
  held?: string;
}

/** What an Interpose does, or why it cannot: the target must be in her Area, or the next one with a combined Move. */
export function interposeEffect(interposer: string, request: InterposeRequest): InterposeResult {
  if (request.mode === "block") {
    if (request.opponent === interposer) refuse(`${interposer} cannot hold herself in her Area`);
    if (request.areas > 0) refuse(`an Interpose holds only an opponent in the same Area; ${request.opponent} is ${request.areas} away`);
    return { mode: "block", held: request.opponent };
  }
  if (request.target === interposer) refuse(`${interposer} is already the target of that attack`);
  if (request.attacker === interposer) refuse(`${interposer} cannot Interpose in her own attack`);
  if (request.areas > MAX_INTERPOSE_AREAS) refuse(`an Interpose protects a target in the same Area, or the next one with a combined Move; ${request.target} is ${request.areas} Areas away`);
  return { mode: "redirect", defender: interposer, insteadOf: request.target, combined: request.areas > 0 ? ["move"] : [] };
}
