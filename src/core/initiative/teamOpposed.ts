import { RuleError } from "../ruleError.js";
/**
 * Team initiative decided by one opposed roll between the teams: the highest-level character of each
 * team rolls, the highest successful roll wins, a PC team beats an NPC team on an equal roll, and when
 * nobody wins (all fail, or an unbroken tie) the team that held initiative last round keeps it if it
 * is among the tied, else the PCs; failing both, only the tied teams roll again. The winner then
 * chooses the order the teams act in.
 */
export interface TeamMember {
  name: string;
  level: number;
}

export interface Team<M extends TeamMember = TeamMember> {
  name: string;
  pc: boolean;
  members: readonly M[];
  /** The team's pick when several share the highest level (default: the first listed of them). */
  roller?: string;
}

export interface TeamReading {
  team: string;
  pc: boolean;
  success: boolean;
  reading: number;
}

export type InitiativeDecision = "highest-success" | "pc-beats-npc" | "previous-holder" | "pcs-without-holder";

/** The roll decided a winner, or left teams tied that only a new roll among them can part. */
export type TeamInitiativeResult = { winner: string; by: InitiativeDecision } | { rollAgain: string[] };

export class InitiativeError extends RuleError {
  override name = "InitiativeError";
}

/** The character who rolls for a team: its highest current level, the team's pick among equals. */
export function teamRoller<M extends TeamMember>(team: Team<M>): M {
  const top = Math.max(...team.members.map((m) => m.level));
  const tied = team.members.filter((m) => m.level === top);
  const picked = team.roller === undefined ? tied[0] : tied.find((m) => m.name === team.roller);
  if (!picked) {
    throw new InitiativeError(
      team.members.length === 0 ? `team "${team.name}" has nobody to roll` : `team "${team.name}" cannot pick "${team.roller}": the highest level is ${top} (${tied.map((m) => m.name).join(", ")})`,
    );
  }
  return picked;
}

/** Who rolls first (it matters to a side that is good at initiative): last round's holder, else the PCs. */
export function rollingOrder<T extends Team<TeamMember>>(teams: readonly T[], previousHolder?: string): T[] {
  const first = teams.find((t) => t.name === previousHolder) ?? teams.find((t) => t.pc);
  return first ? [first, ...teams.filter((t) => t !== first)] : [...teams];
}

/**
 * Among teams tied at the top (equal successes, or all failing): last round's holder if it is one of
 * them, else the PCs if one team of them is; else only the tied teams roll again.
 */
function fallback(teams: readonly TeamReading[], previousHolder?: string): TeamInitiativeResult {
  const holder = teams.find((t) => t.team === previousHolder);
  if (holder) return { winner: holder.team, by: "previous-holder" };
  const pcs = teams.filter((t) => t.pc);
  if (pcs.length === 1) return { winner: pcs[0]!.team, by: "pcs-without-holder" };
  return { rollAgain: (pcs.length ? pcs : teams).map((t) => t.team) };
}

/** Decides the winner of a two- or many-way initiative roll, or which tied teams roll again. */
export function decideTeamInitiative(readings: readonly TeamReading[], previousHolder?: string): TeamInitiativeResult {
  if (readings.length === 0) throw new InitiativeError("initiative needs at least one team");
  const successes = readings.filter((r) => r.success);
  if (successes.length === 0) return fallback(readings, previousHolder);
  const best = Math.max(...successes.map((r) => r.reading));
  const top = successes.filter((r) => r.reading === best);
  if (top.length === 1) return { winner: (top[0] as TeamReading).team, by: "highest-success" };
  const pcs = top.filter((r) => r.pc);
  if (pcs.length === 1) return { winner: (pcs[0] as TeamReading).team, by: "pc-beats-npc" };
  // No PC among the top: the tie stays among them all; two or more PCs: only the PCs stay in it.
  return fallback(pcs.length === 0 ? top : pcs, previousHolder);
}

/** The order teams act in: the winner's choice when given (it must name every team once), else the winner first. */
export function teamOrder(teams: readonly Team[], winner: string, chosen?: readonly string[]): string[] {
  const names = teams.map((t) => t.name);
  if (chosen) {
    const sorted = [...chosen].sort();
    if (sorted.length !== names.length || sorted.some((name, i) => name !== [...names].sort()[i])) {
      throw new InitiativeError(`the chosen order must name each team once: ${names.join(", ")}`);
    }
    return [...chosen];
  }
  return [winner, ...names.filter((n) => n !== winner)];
}
