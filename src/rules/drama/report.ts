import type { PoolReading } from "../../core/dice/successPool.js";
import { effectOf, type Effect, type Step } from "../../core/outcome.js";
import { penaltyDice } from "../../core/tracks/gritFlesh.js";
import { type Combatant, tracksOf } from "./combatant.js";
import type { CourageTest } from "./courage.js";
import type { Strike } from "./damage.js";
import { disadvantageDice, type KnockBack } from "./knockBack.js";

/** The tracks an effect reports, from and to. */
export function trackRecord(combatant: Combatant): Record<string, unknown> {
  return {
    grit: combatant.grit,
    flesh: combatant.flesh,
    penaltyDice: penaltyDice(tracksOf(combatant)),
    wounds: combatant.wounds ?? [],
    otherPenalties: combatant.otherPenalties ?? 0,
    disadvantage: combatant.disadvantage ?? "none",
    dramaPoints: combatant.dramaPoints,
    roundsOut: combatant.roundsOut ?? 0,
  };
}

export function effectBetween(before: Combatant, after: Combatant, statuses: string[]): Effect {
  return effectOf(before.name, trackRecord(before), trackRecord(after), statuses);
}

export function readingStep(who: string, reading: PoolReading): Step {
  return {
    rule: "pool-reading",
    who,
    baseSuccesses: reading.baseSuccesses,
    resistanceLosses: reading.resistanceLosses,
    dramaSuccesses: reading.dramaSuccesses,
    sixes: reading.sixes,
    critical: reading.critical,
    criticalBonus: reading.criticalBonus,
    unintendedOutcome: reading.unintendedOutcome,
    net: reading.net,
  };
}

export function strikeSteps(who: string, hit: Strike): Step[] {
  return [
    { rule: "grit-damage", who, gritLost: hit.gritLost, transferredToFlesh: hit.transferred, discarded: hit.discarded, grit: hit.state.grit },
    { rule: "armour-roll", who, dice: hit.armourFaces.length, blocks: hit.blocks },
    {
      rule: "flesh-wound",
      who,
      incoming: hit.incomingFlesh,
      blocks: hit.blocks,
      wound: hit.wound?.flesh ?? 0,
      serious: hit.serious,
      critical: hit.wound?.critical ?? false,
      flesh: hit.state.flesh,
      courageTest: hit.courageTest,
    },
  ];
}

export function courageStep(who: string, test: CourageTest): Step {
  return { rule: "courage-test", who, base: test.pool.base, resistance: test.pool.resistance, drama: test.pool.drama, net: test.reading.net, result: test.result, roundsOut: test.roundsOut };
}

export function knockBackStep(who: string, knock: KnockBack, agility: number): Step {
  return { rule: "knock-back", who, knockDown: knock.knockDown, physical: knock.physical, agility: knock.agility, result: knock.result, disadvantageRd: disadvantageDice(knock.result, agility) };
}
