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
  /** Out of the fight (the end-of-combat test's word): she cannot roll for her team. */
  out?: string;
}

export type InitiativeTeam = Team<InitiativeMember>;

export interface InitiativeRound {
  winner: string;
  by: InitiativeDecision;
  order: string[];
  /** Every roll in the order made; a roll-off's say which (2 for the first roll-off among tied teams). */
  rolls: Array<{ team: string; roller: string; roll: UnhexRoll; rollOff?: number }>;
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
  rolls: Array<{ team: string; roller: string; reading: number; grade: string; rollOff?: number }>;
}

function rollerFor(team: InitiativeTeam): { member: InitiativeMember; roller: Roller } {
  // Only a character able to act rolls: the end-of-combat test's out (unconscious, surrendered...) are passed over.
  const able = team.members.filter((m) => m.out === undefined);
  if (able.length === 0) throw new InitiativeError(`team "${team.name}" has nobody able to act to roll: ${team.members.map((m) => `${m.name} (${m.out})`).join(", ")}`);
  const member = teamRoller({ ...team, members: able });
  // Stryker disable next-line LogicalOperator: the max level only caps a critical's set dice, and initiative never sets them
  return { member, roller: { name: member.name, level: member.level, maxLevel: member.maxLevel ?? member.level, pc: team.pc, ...(member.good ? { good: true } : {}) } };
}

function checkNames(teams: readonly InitiativeTeam[]): void {
  const names = teams.map((team) => team.name);
  // A roll-off's key adds "#<n>" to the name: a name of that shape could answer another team's roll.
  const hashed = names.find((name) => name.includes("#"));
  if (hashed !== undefined) throw new InitiativeError(`team "${hashed}": a team's name cannot contain "#"`);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new InitiativeError(`team "${twice}" is listed twice`);
}

/** At most this many roll-offs among tied teams before the rules give up (dice that keep tying are not dice). */
export const MAX_ROLL_OFFS = 50;

/** The key of a team's roll: its name, or in the nth roll-off among tied teams `<name>#<n>`. */
export const rollKey = (team: string, rollOff: number): string => (rollOff === 1 ? team : `${team}#${rollOff}`);

type Rolled = InitiativeRound["rolls"][number];
type RollOne = (team: InitiativeTeam, key: string, member: InitiativeMember, roller: Roller) => Rolled | InitiativePending;

/**
 * The rolls of every team in rolling order, then among the tied teams again (each roll-off in
 * rolling order too) until one wins: the winner and how, or what is still awaited.
 */
function rollUntilDecided(teams: readonly InitiativeTeam[], previousHolder: string | undefined, steps: Step[], rolls: Rolled[], rollOne: RollOne): { winner: string; by: InitiativeDecision } | InitiativePending {
  const pcTeams = new Set(teams.filter((t) => t.pc).map((t) => t.name));
  let contenders = rollingOrder(teams, previousHolder);
  for (let rollOff = 1; rollOff <= MAX_ROLL_OFFS; rollOff += 1) {
    const pass: Rolled[] = [];
    for (const team of contenders) {
      const { member, roller } = rollerFor(team);
      steps.push({ rule: "initiative-roller", team: team.name, who: member.name, level: member.level, ...(rollOff > 1 ? { rollOff } : {}) });
      const rolled = rollOne(team, rollKey(team.name, rollOff), member, roller);
      if ("awaiting" in rolled) return rolled;
      pass.push(rolled);
      rolls.push(rolled);
    }
    const readings: TeamReading[] = pass.map(({ team, roll }) => ({ team, pc: pcTeams.has(team), success: roll.check.success, reading: roll.check.reading }));
    const decided = decideTeamInitiative(readings, previousHolder);
    if (!("rollAgain" in decided)) {
      steps.push({ rule: "initiative-winner", team: decided.winner, by: decided.by });
      return decided;
    }
    steps.push({ rule: "initiative-tie", teams: decided.rollAgain, rollOff: rollOff + 1 });
    contenders = contenders.filter((team) => decided.rollAgain.includes(team.name));
  }
  throw new InitiativeError(`the teams still tie after ${MAX_ROLL_OFFS} roll-offs`);
}

/**
 * One round's initiative at a table: each team's highest-level character rolls in rolling order
 * (last round's holder first, else the PCs) and, good at it, decides her reroll before the next
 * team rolls, so the first roller never sees the number she has to beat; a critical success is
 * the roller's extra action. The rolls are compared as one opposed roll; teams left tied with no
 * holder or PCs among them roll again (`rolls.<team>#2`...). The winner picks the order of team
 * turns. Returns what is still awaited, or the round.
 */
export function resolveTeamInitiative(tray: DiceTray, teams: readonly InitiativeTeam[], previousHolder: string | undefined, choices: InitiativeChoices): InitiativeRound | InitiativePending {
  checkNames(teams);
  const steps: Step[] = [];
  const rolls: InitiativeRound["rolls"] = [];
  const shown = () => rolls.map(({ team, roller, roll, rollOff }) => ({ team, roller, reading: roll.check.reading, grade: roll.check.grade, ...(rollOff ? { rollOff } : {}) }));
  const decided = rollUntilDecided(teams, previousHolder, steps, rolls, (team, key, member, roller) => {
    const rollOff = key === team.name ? undefined : Number(key.slice(key.lastIndexOf("#") + 1));
    if (choices.rolls && ownValue(choices.rolls, key) !== true) {
      return { awaiting: { choice: `rolls.${key}`, by: team.name, offer: { who: member.name } }, steps, rolls: shown() };
    }
    const settled = settleRoll(tray, {
      by: team.name,
      state: rollDice(tray, roller, "initiative"),
      reroll: choices.rerolls ? ownValue(choices.rerolls, key) : undefined,
      critical: undefined,
      rerollPath: `rerolls.${key}`,
      criticalPath: null,
    });
    if (settled.awaiting) {
      const { check } = settled.state;
      return { awaiting: settled.awaiting, steps: [...steps, ...settled.state.steps], rolls: [...shown(), { team: team.name, roller: member.name, reading: check.reading, grade: check.grade }] };
    }
    steps.push(...settled.roll.steps);
    return { team: team.name, roller: member.name, roll: settled.roll, ...(rollOff ? { rollOff } : {}) };
  });
  if ("awaiting" in decided) return decided;
  if (choices.order === undefined) {
    const names = teams.map((team) => team.name);
    return { awaiting: { choice: "order", by: decided.winner, offer: { teams: names, winner: decided.winner, by: decided.by } }, steps, rolls: shown() };
  }
  const order = teamOrder(teams, decided.winner, choices.order);
  steps.push({ rule: "team-order", chosenBy: decided.winner, order });
  return { winner: decided.winner, by: decided.by, order, rolls, steps };
}

/**
 * Initiative with every choice made by policy (the duel): good rollers reroll what their policy
 * says after a failure, criticals take the extra action (initiative offers nothing else), tied
 * teams roll again, and the order is the chosen one or the winner first.
 */
export function rollTeamInitiative(tray: DiceTray, teams: readonly InitiativeTeam[], previousHolder?: string, chosenOrder?: readonly string[], policies: Readonly<Record<string, Omit<RollPolicy, "critical">>> = {}): InitiativeRound {
  checkNames(teams);
  const steps: Step[] = [];
  const rolls: InitiativeRound["rolls"] = [];
  const decided = rollUntilDecided(teams, previousHolder, steps, rolls, (team, key, member, roller) => {
    const roll = rollWithPolicy(tray, roller, "initiative", ownValue(policies, team.name) ?? {});
    steps.push(...roll.steps);
    return { team: team.name, roller: member.name, roll, ...(key !== team.name ? { rollOff: Number(key.slice(key.lastIndexOf("#") + 1)) } : {}) };
  });
  // Played by policy, nothing is ever awaited.
  // Stryker disable next-line ConditionalExpression,StringLiteral: the policy's rollOne never returns an awaiting, so this check never fires
  if ("awaiting" in decided) throw new InitiativeError(`initiative by policy awaited ${decided.awaiting.choice}`);
  const order = teamOrder(teams, decided.winner, chosenOrder);
  steps.push({ rule: "team-order", chosenBy: decided.winner, order });
  return { winner: decided.winner, by: decided.by, order, rolls, steps };
}
