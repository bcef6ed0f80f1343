/**
 * The end of an Unhex fight as the GM's tracker asks it: the rules' end-of-combat test
 * (src/rules/unhex/combatEnd.ts) over the combat's teams, each combatant read from her actor as it
 * is now (level and wound boxes) and from the table's marks: the Surrendered and Retreated token
 * statuses, an Unconscious status, and a Dead status or the tracker's Defeated toggle (the GM's
 * word that she is out). The statuses are the roster's (roster.ts, `statusesOf`): the ones a GM
 * gave, by a card's Apply or by hand, and did not take back; a player deleting her own actor's
 * Unconscious effect does not stand her up.
 */
import { combatEnd, type CombatEnd, type CombatTeam, outOfFight, type OutWord } from "../../../../rules/unhex/combatEnd.js";
import { fighterName } from "../../../cards/documents.js";
import { defeatedOf, statusesOf } from "../../../combat/roster.js";
import { CORE_STATUS, FRAY_STATUS } from "../../../statuses/index.js";
import { isPc, unhexData, woundsOf } from "../actors.js";
import { unhexOptions } from "../options.js";
import { TEAMS, teamOf } from "./state.js";

/** The table's word that a combatant is out, when a status or the tracker says so. */
function outWord(combat: Combat.Implementation, combatant: Combatant.Implementation): OutWord | undefined {
  const statuses = statusesOf(combat, combatant);
  if (statuses.has(FRAY_STATUS.surrendered.id)) return "surrendered";
  if (statuses.has(FRAY_STATUS.retreated.id)) return "retreated";
  if (statuses.has(CORE_STATUS.unconscious.id)) return "unconscious";
  // Defeat as the GM decided it (roster.ts): a player may write her own combatant's `defeated`.
  return defeatedOf(combat, combatant) || statuses.has(CORE_STATUS.dead.id) ? "defeated" : undefined;
}

type Member = CombatTeam["members"][number];

/** One combatant as the end-of-combat test reads her, or null for one that is not an Unhex character. */
function memberOf(combat: Combat.Implementation, combatant: Combatant.Implementation): Member | null {
  const actor = combatant.actor;
  if (!actor) return null;
  let system;
  try {
    system = unhexData(actor);
  } catch {
    return null;
  }
  const out = outWord(combat, combatant);
  // The rules' request bounds a name at 200 characters; the card keeps the request it ran.
  return { name: fighterName(actor).slice(0, 200), level: system.level.value, maxLevel: system.level.max, pc: isPc(actor), wounds: woundsOf(actor), ...(out ? { out } : {}) };
}

/** Why the end-of-combat test counts a combatant out (unconscious, dead, surrendered, retreated, defeated), or null while she can act. */
export function outNow(combat: Combat.Implementation, combatant: Combatant.Implementation): OutWord | "dead" | null {
  const member = memberOf(combat, combatant);
  return member ? outOfFight(member, unhexOptions()) : null;
}

/** The combat's teams as the rules read them: every Unhex combatant, by team, with what is out of her. */
export function combatTeams(combat: Combat.Implementation): CombatTeam[] {
  const teams = new Map<string, Member[]>();
  for (const combatant of combat.combatants.contents as Combatant.Implementation[]) {
    const member = memberOf(combat, combatant);
    if (!member) continue;
    const team = teamOf(combat, combatant);
    teams.set(team, [...(teams.get(team) ?? []), member]);
  }
  return TEAMS.filter((team) => teams.has(team)).map((team) => ({ name: team, members: teams.get(team)! }));
}

/** The rules' end-of-combat test, now (with the GM's word that her objective is met). */
export function combatEndOf(combat: Combat.Implementation, objectiveMet = false): CombatEnd {
  return combatEnd(combatTeams(combat), unhexOptions(), objectiveMet);
}

/** The `combat-end` request of the test (the world's house rules are added as any card's are), as the card posted at the end keeps it. */
export function combatEndRequest(combat: Combat.Implementation, objectiveMet = false): Record<string, unknown> {
  return { teams: combatTeams(combat), ...(objectiveMet ? { objectiveMet: true } : {}) };
}
