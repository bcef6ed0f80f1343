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
import { type RollSlot, settleRolls } from "./choices.js";
import { type CriticalChoice, type RerollChoice, type Roller, type RollPolicy, rollDice, type RollState, rollWithPolicy, type UnhexRoll } from "./roll.js";

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

/** What the teams choose on the way: each good roller's reroll, each critical's choice (by team), and the winner's order. */
export interface InitiativeChoices {
  /** When given, each team's roller rolls her own dice in turn (`rolls.<team>`, awaited); without it every team rolls at once. */
  rolls?: Readonly<Record<string, true>>;
  rerolls?: Readonly<Record<string, RerollChoice>>;
  criticals?: Readonly<Record<string, CriticalChoice>>;
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
 * One round's initiative at a table: each team's highest-level character rolls (last round's holder
 * first, else the PCs), then each good roller may reroll and each critical success takes its choice
 * (in that rolling order), the rolls are compared as one opposed roll, and the winner picks the
 * order of team turns. Returns what is still awaited, or the round.
 */
export function resolveTeamInitiative(tray: DiceTray, teams: readonly InitiativeTeam[], previousHolder: string | undefined, choices: InitiativeChoices): InitiativeRound | InitiativePending {
  checkNames(teams);
  const steps: Step[] = [];
  const slots: RollSlot[] = [];
  const rollers: Array<{ team: string; roller: string }> = [];
  for (const team of rollingOrder(teams, previousHolder)) {
    const { member, roller } = rollerFor(team);
    steps.push({ rule: "initiative-roller", team: team.name, who: member.name, level: member.level });
    if (choices.rolls && ownValue(choices.rolls, team.name) !== true) {
      const so = slots.map((slot) => slot.state);
      return {
        awaiting: { choice: `rolls.${team.name}`, by: team.name, offer: { who: member.name } },
        steps: [...steps, ...so.flatMap((state) => state.steps)],
        rolls: rollers.map((r, i) => ({ ...r, reading: so[i]!.check.reading, grade: so[i]!.check.grade })),
      };
    }
    rollers.push({ team: team.name, roller: member.name });
    slots.push({
      by: team.name,
      state: rollDice(tray, roller, "initiative"),
      reroll: choices.rerolls ? ownValue(choices.rerolls, team.name) : undefined,
      critical: choices.criticals ? ownValue(choices.criticals, team.name) : undefined,
      rerollPath: `rerolls.${team.name}`,
      criticalPath: `criticals.${team.name}`,
    });
  }
  const settled = settleRolls(tray, slots);
  if (settled.awaiting) {
    const states: RollState[] = settled.states;
    return { awaiting: settled.awaiting, steps: [...steps, ...states.flatMap((state) => state.steps)], rolls: rollers.map((r, i) => ({ ...r, reading: states[i]!.check.reading, grade: states[i]!.check.grade })) };
  }
  const rolls = rollers.map((r, i) => ({ ...r, roll: settled.rolls[i]! }));
  steps.push(...rolls.flatMap(({ roll }) => roll.steps));
  const decided = decide(teams, rolls, previousHolder, choices.order, steps);
  if (!decided.order) {
    const names = teams.map((team) => team.name);
    const readings = rolls.map(({ team, roller, roll }) => ({ team, roller, reading: roll.check.reading, grade: roll.check.grade }));
    return { awaiting: { choice: "order", by: decided.winner, offer: { teams: names, winner: decided.winner, by: decided.by } }, steps, rolls: readings };
  }
  return { winner: decided.winner, by: decided.by, order: decided.order, rolls, steps };
}

/**
 * Initiative with every choice made by policy (the duel): good rollers reroll what their policy
 * says after a failure, criticals take the extra action, and the order is the chosen one or the
 * winner first.
 */
export function rollTeamInitiative(tray: DiceTray, teams: readonly InitiativeTeam[], previousHolder?: string, chosenOrder?: readonly string[], policies: Readonly<Record<string, RollPolicy>> = {}): InitiativeRound {
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
