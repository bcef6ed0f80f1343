import { RuleError } from "../../core/ruleError.js";
import { conditionsOf, type UnhexCharacter } from "./character.js";
import type { UnhexOptions } from "./options.js";

/**
 * The table's word that a character is out of the fight, beyond what her level and boxes show: she
 * surrendered, retreated, was knocked out by something the sheet does not hold, or the GM marked
 * her defeated.
 */
export type OutWord = "surrendered" | "retreated" | "unconscious" | "defeated";
export const OUT_WORDS: readonly OutWord[] = ["surrendered", "retreated", "unconscious", "defeated"];

export interface CombatTeam {
  name: string;
  members: ReadonlyArray<UnhexCharacter & { out?: OutWord }>;
}

/** Why a member is out of the fight (the table's word first, else dead or unconscious by level and boxes), or null while she stands. */
export function outOfFight(member: CombatTeam["members"][number], options: UnhexOptions): OutWord | "dead" | null {
  if (member.out !== undefined) return member.out;
  const conditions = conditionsOf(member, options);
  if (conditions.includes("dead")) return "dead";
  return conditions.includes("unconscious") ? "unconscious" : null;
}

/** The teams that still have a member standing, in the order given. */
export function teamsStanding(teams: readonly CombatTeam[], options: UnhexOptions): string[] {
  return teams.filter((team) => team.members.some((m) => outOfFight(m, options) === null)).map((team) => team.name);
}

export function combatOver(teams: readonly CombatTeam[], options: UnhexOptions): boolean {
  return teamsStanding(teams, options).length <= 1;
}

export interface CombatEnd {
  over: boolean;
  /** Why it is over: one team left standing, none left, or the GM's objective met; null while it goes on. */
  by: "one-team-standing" | "no-team-standing" | "objective" | null;
  standing: string[];
  out: Array<{ team: string; who: string; why: OutWord | "dead" }>;
}

/**
 * The end-of-combat test: the fight is over when only one team (or none) still has someone who has
 * not surrendered, gone unconscious or retreated, or when the GM's objective is met.
 */
export function combatEnd(teams: readonly CombatTeam[], options: UnhexOptions, objectiveMet = false): CombatEnd {
  const names = teams.map((team) => team.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new RuleError(`team "${twice}" is listed twice`);
  const out = teams.flatMap((team) =>
    team.members.flatMap((member) => {
      const why = outOfFight(member, options);
      return why === null ? [] : [{ team: team.name, who: member.name, why }];
    }),
  );
  const standing = teamsStanding(teams, options);
  const by = standing.length === 0 ? "no-team-standing" : standing.length === 1 ? "one-team-standing" : objectiveMet ? "objective" : null;
  return { over: by !== null, by, standing, out };
}
