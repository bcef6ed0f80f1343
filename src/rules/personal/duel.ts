import type { Static } from "@sinclair/typebox";
import type { DiceTray } from "../../core/dice/source.js";
import { rankWithPcTies, scoreInitiative } from "../../core/initiative/rankWithPcTies.js";
import type { DuelResult } from "../ruleset.js";
import { chooseFate, type FateReading, type Vitals, vitalsFrom } from "./combatant.js";
import { FALLEN_FATES } from "./lists.js";
import { personalOptions, type PersonalOptions } from "./options.js";
import type { Fighter } from "./schemas.js";
import { strike } from "./strike.js";
import { withDefaults } from "../options.js";

type FighterBlock = Static<typeof Fighter>;

/**
 * One bout: initiative once at the start, then each round both fighters attack in order. A Wounded
 * fighter ignores every Fallen Fate she may; the bout ends when a fighter must take a fate she
 * cannot ignore (or, for an NPC without fates, is defeated).
 */
export function fightBout(a: FighterBlock, b: FighterBlock, tray: DiceTray, roundLimit: number, options: PersonalOptions = withDefaults(personalOptions, undefined)): DuelResult {
  const bonuses = { die: options.initiativeDie, npcBonus: 3, majorNpcBonus: 6 };
  const entries = [
    { id: "a" as const, block: a },
    { id: "b" as const, block: b },
  ];
  const pcs = entries.filter((e) => (e.block.kind ?? "pc") === "pc").map((e) => ({ name: e.id, rank: e.block.initiative }));
  const npcs = entries.filter((e) => (e.block.kind ?? "pc") !== "pc").map((e) => ({ name: e.id, rank: e.block.initiative, major: e.block.major ?? false }));
  const order = rankWithPcTies(scoreInitiative(tray, pcs, npcs, bonuses)).map((s) => s.name as "a" | "b");
  const vitals: Record<"a" | "b", Vitals> = { a: vitalsFrom(a), b: vitalsFrom(b) };
  const blocks = { a, b };
  for (let round = 1; round <= roundLimit; round += 1) {
    for (const attacker of order) {
      const defender = attacker === "a" ? "b" : "a";
      const target = blocks[defender];
      const reading = strike(tray, blocks[attacker].weapon, { defense: target.defense, armor: target.armor, vitals: vitals[defender] }, options);
      const hit = reading.hitReading;
      if (!hit) continue;
      vitals[defender] = hit.vitals;
      if (hit.becameDefeated) return { winner: attacker, rounds: round };
      if (hit.fateNeeded) {
        if (!hit.canIgnore) return { winner: attacker, rounds: round };
        // canIgnore says the ignore stands, so chooseFate gives a reading here, never a refusal.
        vitals[defender] = (chooseFate(hit.vitals, reading.damage, "ignore", FALLEN_FATES) as FateReading).vitals;
      }
    }
  }
  return { winner: "none", rounds: roundLimit };
}
