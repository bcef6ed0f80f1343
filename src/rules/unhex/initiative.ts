import { ownValue } from "../../core/ownKey.js";
import type { DiceTray } from "../../core/dice/source.js";
import {
  decideTeamInitiative,
  type InitiativeDecision,
  InitiativeError,
  rollingOrder,
  type Team,
  type TeamReading,
  teamOrder,
  teamRoller,
} from "../../core/initiative/teamOpposed.js";
import type { Awaiting, Step } from "../../core/outcome.js";
import { settleRoll } from "./choices.js";
import { type RerollChoice, type Roller, type RollPolicy, rollDice, rollWithPolicy, type UnhexRoll } from "./roll.js";

export interface InitiativeMember {
  name: string;
  level: number;
  maxLevel?: number;
  good?: boolean;
}

export type InitiativeTeam = Team<InitiativeMember>;

export interface InitiativeRound {
  winner: string;
  by: InitiativeDecision;
  order: string[];
  rolls: Array<{ team: string; roller: string; roll: UnhexRoll }>;
  steps: Step[];
}

/**
 * What the teams choose on the way: each good roller's reroll (by team) and the winner's order. A
 * critical success on initiative is only the roller's extra action, so it asks nothing.
 */
export interface InitiativeChoices {
  /** When given, each team's roller rolls her own dice in turn (`rolls.<team>`, awaited); without it every team rolls as soon as the last has chosen. */
  rolls?: Readonly<Record<string, true>>;
  rerolls?: Readonly<Record<string, RerollChoice>>;
  order?: readonly string[];
}

/** An initiative still waiting for a team's choice: the rolls so far and who is to choose. */
export interface InitiativePending {
  awaiting: Awaiting;
  steps: Step[];
  rolls: Array<{ team: string; roller: string; reading: number; grade: string }>;
}

function rollerFor(team: InitiativeTeam): { member: InitiativeMember; roller: Roller } {
  const member = teamRoller(team);
  // Stryker disable next-line LogicalOperator: the max level only caps a critical's set dice, and initiative never sets them
  return { member, roller: { name: member.name, level: member.level, maxLevel: member.maxLevel ?? member.level, pc: team.pc, ...(member.good ? { good: true } : {}) } };
}

function checkNames(teams: readonly InitiativeTeam[]): void {
  const names = teams.map((team) => team.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new InitiativeError(`team "${twice}" is listed twice`);
}

/** The winner from the finished rolls, and the order (the winner's choice when given). */
function decide(teams: readonly InitiativeTeam[], rolled: InitiativeRound["rolls"], previousHolder: string | undefined, order: readonly string[] | undefined, steps: Step[]): { winner: string; by: InitiativeDecision; order?: string[] } {
  const pcTeams = new Set(teams.filter((t) => t.pc).map((t) => t.name));
  const readings: TeamReading[] = rolled.map(({ team, roll }) => ({ team, pc: pcTeams.has(team), success: roll.check.success, reading: roll.check.reading }));
  const { winner, by } = decideTeamInitiative(readings, previousHolder);
  steps.push({ rule: "initiative-winner", team: winner, by });
  if (order === undefined) return { winner, by };
  const chosen = teamOrder(teams, winner, order);
  steps.push({ rule: "team-order", chosenBy: winner, order: chosen });
  return { winner, by, order: chosen };
}

/**
 * One round's initiative at a table: each team's highest-level character rolls in rolling order
 * (last round's holder first, else the PCs) and, good at it, decides her reroll before the next
 * team rolls, so the first roller never sees the number she has to beat; a critical success is
 * the roller's extra action. The rolls are compared as one opposed roll, and the winner picks the
 * order of team turns. Returns what is still awaited, or the round.
 */
export function resolveTeamInitiative(tray: DiceTray, teams: readonly InitiativeTeam[], previousHolder: string | undefined, choices: InitiativeChoices): InitiativeRound | InitiativePending {
  checkNames(teams);
  const steps: Step[] = [];
  const rolls: InitiativeRound["rolls"] = [];
  const shown = () => rolls.map(({ team, roller, roll }) => ({ team, roller, reading: roll.check.reading, grade: roll.check.grade }));
  for (const team of rollingOrder(teams, previousHolder)) {
    const { member, roller } = rollerFor(team);
    steps.push({ rule: "initiative-roller", team: team.name, who: member.name, level: member.level });
    if (choices.rolls && ownValue(choices.rolls, team.name) !== true) {
      return { awaiting: { choice: `rolls.${team.name}`, by: team.name, offer: { who: member.name } }, steps, rolls: shown() };
    }
    const settled = settleRoll(tray, {
      by: team.name,
      state: rollDice(tray, roller, "initiative"),
      reroll: choices.rerolls ? ownValue(choices.rerolls, team.name) : undefined,
      critical: undefined,
      rerollPath: `rerolls.${team.name}`,
      criticalPath: null,
    });
    if (settled.awaiting) {
      const { check } = settled.state;
      return { awaiting: settled.awaiting, steps: [...steps, ...settled.state.steps], rolls: [...shown(), { team: team.name, roller: member.name, reading: check.reading, grade: check.grade }] };
    }
    steps.push(...settled.roll.steps);
    rolls.push({ team: team.name, roller: member.name, roll: settled.roll });
  }
  const decided = decide(teams, rolls, previousHolder, choices.order, steps);
  if (!decided.order) {
    const names = teams.map((team) => team.name);
    return { awaiting: { choice: "order", by: decided.winner, offer: { teams: names, winner: decided.winner, by: decided.by } }, steps, rolls: shown() };
  }
  return { winner: decided.winner, by: decided.by, order: decided.order, rolls, steps };
}

/**
 * Initiative with every choice made by policy (the duel): good rollers reroll what their policy
 * says after a failure, criticals take the extra action (initiative offers nothing else), and the
 * order is the chosen one or the winner first.
 */
export function rollTeamInitiative(tray: DiceTray, teams: readonly InitiativeTeam[], previousHolder?: string, chosenOrder?: readonly string[], policies: Readonly<Record<string, Omit<RollPolicy, "critical">>> = {}): InitiativeRound {
  checkNames(teams);
  const steps: Step[] = [];
  const rolls: InitiativeRound["rolls"] = [];
  for (const team of rollingOrder(teams, previousHolder)) {
    const { member, roller } = rollerFor(team);
    steps.push({ rule: "initiative-roller", team: team.name, who: member.name, level: member.level });
    const roll = rollWithPolicy(tray, roller, "initiative", ownValue(policies, team.name) ?? {});
    steps.push(...roll.steps);
    rolls.push({ team: team.name, roller: member.name, roll });
  }
  const { winner, by } = decide(teams, rolls, previousHolder, undefined, steps);
  const order = teamOrder(teams, winner, chosenOrder);
  steps.push({ rule: "team-order", chosenBy: winner, order });
  return { winner, by, order, rolls, steps };
}
