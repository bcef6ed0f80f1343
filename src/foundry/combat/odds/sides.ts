/**
 * The two sides of a fight as they stand, read on the GM's client for the tracker's odds: the party
 * (friendly tokens, and a neutral one a player owns) against the foes (hostile tokens, and a neutral
 * one no player owns), each fighter's stat block read by the world's ruleset. The side is the
 * roster's (what a GM can vouch for); a fighter the GM marked defeated, dead or unconscious (the
 * roster's statuses, which a player cannot write) is out of it already.
 */
import { cardName } from "../../cards/documents.js";
import { CORE_STATUS } from "../../statuses/table.js";
import { defeatedOf, sideOf, statusesOf } from "../roster.js";
import { OUT_OF_FIGHT, type RulesetCombatRules } from "../rules.js";

export interface OddsFighter {
  name: string;
  block: unknown;
}

export interface OddsSides {
  party: OddsFighter[];
  foes: OddsFighter[];
  /** Names of the combatants the rules could not read into a fight (no actor, no weapon...). */
  leftOut: string[];
}

/** Names made unique in order, so the GM can tell two Bandits apart: the second is "Bandit (2)". */
function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

function onParty(combat: Combat.Implementation, combatant: Combatant.Implementation): boolean {
  const side = sideOf(combat, combatant);
  const { FRIENDLY, HOSTILE } = CONST.TOKEN_DISPOSITIONS;
  if (side === FRIENDLY) return true;
  if (side === HOSTILE) return false;
  return combatant.hasPlayerOwner;
}

export function readSides(combat: Combat.Implementation, fighter: NonNullable<RulesetCombatRules["fighter"]>): OddsSides {
  const down = (combatant: Combatant.Implementation) => {
    const statuses = statusesOf(combat, combatant);
    return defeatedOf(combat, combatant) || statuses.has(CORE_STATUS.dead.id) || statuses.has(CORE_STATUS.unconscious.id);
  };
  const standing = combat.combatants.contents.filter((combatant) => !down(combatant));
  const names = uniqueNames(standing.map((combatant) => cardName(combatant.name || combatant.actor?.name || "?")));
  const sides: OddsSides = { party: [], foes: [], leftOut: [] };
  standing.forEach((combatant, index) => {
    const name = names[index]!;
    let block: unknown = null;
    try {
      block = combatant.actor ? fighter(combat, combatant, name) : null;
    } catch (error) {
      // One unreadable sheet leaves its fighter out; it never stops the GM weighing the rest.
      console.warn(`Fray | the odds could not read ${name}`, error);
    }
    if (block === OUT_OF_FIGHT) return;
    if (block === null || block === undefined) sides.leftOut.push(name);
    else (onParty(combat, combatant) ? sides.party : sides.foes).push({ name, block });
  });
  return sides;
}
