import type { DiceTray } from "../../core/dice/source.js";
import {
  decideTeamInitiative,
  type InitiativeDecision,
  rollingOrder,
  type Team,
  type TeamReading,
  teamOrder,
  teamRoller,
} from "../../core/initiative/teamOpposed.js";
import type { Step } from "../../core/outcome.js";
import { type Roller, unhexRoll, type UnhexRoll } from "./roll.js";

export interface InitiativeMember {
  name: string;
  level: number;
  maxLevel?: number;
  good?: Roller["good"];
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
 * One round's initiative: each team's highest-level character rolls (last round's holder first,
 * else the PCs), the rolls are compared as one opposed roll, and the winner's chosen order (default:
 * the winner first) is the order of team turns.
 */
export function rollTeamInitiative(tray: DiceTray, teams: readonly InitiativeTeam[], previousHolder?: string, chosenOrder?: readonly string[]): InitiativeRound {
  const steps: Step[] = [];
  const rolls: InitiativeRound["rolls"] = [];
  const readings: TeamReading[] = [];
  for (const team of rollingOrder(teams, previousHolder)) {
    const member = teamRoller(team);
    const roller: Roller = { name: member.name, level: member.level, maxLevel: member.maxLevel ?? member.level, pc: team.pc, ...(member.good ? { good: member.good } : {}) };
    steps.push({ rule: "initiative-roller", team: team.name, who: member.name, level: member.level });
    const roll = unhexRoll(tray, roller, "initiative");
    steps.push(...roll.steps);
    rolls.push({ team: team.name, roller: member.name, roll });
    readings.push({ team: team.name, pc: team.pc, success: roll.check.success, reading: roll.check.reading });
  }
  const { winner, by } = decideTeamInitiative(readings, previousHolder);
  steps.push({ rule: "initiative-winner", team: winner, by });
  const order = teamOrder(teams, winner, chosenOrder);
  steps.push({ rule: "team-order", chosenBy: winner, order });
  return { winner, by, order, rolls, steps };
}
