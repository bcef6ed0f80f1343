import type { DiceTray } from "../../core/dice/source.js";
import { orderByTotalThenSuccessPoints, type Placed, placeLateJoiner } from "../../core/initiative/totalThenSuccessPoints.js";
import type { Step } from "../../core/outcome.js";
import { buildPool, type PoolSpec, rollCheck } from "./pool.js";
import { refuse } from "./refusal.js";
import { type ActorType, INITIATIVE_COSTS, type InitiativeSpecialty, type InitiativeSpend } from "./tables.js";

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
  const reading = rollCheck(tray, buildPool(roller), (roller.surprised ? 1 : 0) + extraDrop, `initiative: ${roller.name}`, keepOneDie, undefined, steps);
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
