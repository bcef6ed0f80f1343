import type { DiceTray } from "../../../core/dice/source.js";
import type { Step } from "../../../core/outcome.js";
import { withDefaults } from "../../options.js";
import { type CombatantState, competencyOf, refuseIfDying, refuseIfYieldedOut, woundDropOn, yieldLimitFor } from "../actors.js";
import { stepDownAdvantage } from "../advantage.js";
import { planTurn } from "../combined.js";
import { type CavaliersOptions, cavaliersOptions } from "../options.js";
import { buildPool, type CheckReading, rollCheck } from "../pool.js";
import { refuse } from "../refusal.js";
import type { Static } from "@sinclair/typebox";
import type { ParticipantRequest, StateOnly } from "../schemas.js";

export function optionValues(given: Partial<CavaliersOptions> | undefined): CavaliersOptions {
  return withDefaults(cavaliersOptions, given);
}

/** The tracks of a request's participant (or bare target); the competency die sets the default Yield Limit. */
export function stateOf(participant: Static<typeof StateOnly> & { competency?: number }): CombatantState {
  const type = participant.type ?? "pc";
  return {
    name: participant.name,
    type,
    yield: participant.yield ?? 0,
    wounds: participant.wounds ?? 0,
    yieldLimit: participant.yieldLimit ?? yieldLimitFor(type, competencyOf(participant)),
    advantage: participant.advantage ?? 0,
    style: participant.style ?? 0,
    ...(participant.woundTrack ? { woundTrack: participant.woundTrack } : {}),
  };
}

export interface ParticipantRoll {
  reading: CheckReading;
  /** The state as the request gave it. */
  before: CombatantState;
  /** The state after the roll: the Advantage die, if used, has stepped down. */
  state: CombatantState;
  drop: number;
}

/** What a roll is, for the rules that depend on it. */
export interface RollKind {
  /** Attack and defence rolls may add the Advantage die; Flourish and Use a Skill may not. */
  advantage: boolean;
  /** What the roll is, in words, for the refusal of a Dying character. */
  doing: string;
  /** Drop from elsewhere (an Aim's range and cover). */
  extraDrop?: number;
}

/** A pool declared and not yet rolled: its dice, the Drop on it and the state it was declared from. */
export interface Declared {
  state: CombatantState;
  pool: ReturnType<typeof buildPool>;
  drop: number;
  advantage: number;
}

/**
 * Builds a participant's pool and totals her Drop (Wounds on the skill + combined actions +
 * situational + any extra such as range and cover), without rolling: what an attacker declares
 * before her target chooses a defence. A Dying character makes no roll; the Advantage die goes
 * only on attacks and defences.
 */
export function declareParticipant(participant: ParticipantRequest, skill: string, label: string, steps: Step[], kind: RollKind): Declared {
  const state = stateOf(participant);
  refuseIfDying(state, kind.doing);
  refuseIfYieldedOut(state, kind.doing);
  if (participant.useAdvantage && !kind.advantage) refuse(`the Advantage die goes only on an attack or a defence roll, not on ${kind.doing}`);
  if (participant.useAdvantage && state.advantage === 0) refuse(`${state.name} has no Advantage die to use`);
  const advantage = participant.useAdvantage ? state.advantage : 0;
  const pool = buildPool({ ...participant, competency: competencyOf(participant), advantage });
  const woundDrop = woundDropOn(state, skill);
  // One roll: her turn's combined actions go on it, within the round's cap and movement.
  const combinedDrop = planTurn({ combined: participant.combined ?? [], earlier: participant.combinedThisRound, heldInArea: participant.heldInArea }).drop;
  const situational = participant.drop ?? 0;
  const extraDrop = kind.extraDrop ?? 0;
  const drop = woundDrop + combinedDrop + situational + extraDrop;
  steps.push({ rule: "pool", roll: label, skill, dice: pool.map((die) => `${die.source}:d${die.sides}`) });
  steps.push({ rule: "drop-total", roll: label, wounds: woundDrop, combined: combinedDrop, situational, other: extraDrop, drop });
  return { state, pool, drop, advantage };
}

/**
 * Declares a participant's pool (above), rolls and reads it. The Advantage die steps down only
 * when it was rolled (a Drop that removes it means it was not used).
 */
export function rollParticipant(tray: DiceTray, participant: ParticipantRequest, skill: string, label: string, options: CavaliersOptions, steps: Step[], kind: RollKind): ParticipantRoll {
  const { state, pool, drop, advantage } = declareParticipant(participant, skill, label, steps, kind);
  const reading = rollCheck(tray, pool, drop, label, options.keepOneDie, participant.dropChoice, steps);
  if (!advantage) return { reading, before: state, state, drop };
  if (reading.dropped.some((die) => die.source === "advantage")) {
    steps.push({ rule: "advantage-dropped", roll: label, advantage: state.advantage });
    return { reading, before: state, state, drop };
  }
  const after = { ...state, advantage: stepDownAdvantage(state.advantage) };
  steps.push({ rule: "advantage-used", roll: label, from: state.advantage, to: after.advantage });
  return { reading, before: state, state: after, drop };
}
