import { type UnhexCharacter, isOut } from "./character.js";
import type { UnhexOptions } from "./options.js";

export interface CombatTeam {
  name: string;
  members: ReadonlyArray<UnhexCharacter & { left?: "surrendered" | "retreated" }>;
}

/** Combat ends when only one team (or none) still has a member who is conscious and has not surrendered or retreated. */
export function teamsStanding(teams: readonly CombatTeam[], options: UnhexOptions): string[] {
  return teams.filter((team) => team.members.some((m) => m.left === undefined && !isOut(m, options))).map((team) => team.name);
}

export function combatOver(teams: readonly CombatTeam[], options: UnhexOptions): boolean {
  return teamsStanding(teams, options).length <= 1;
}
