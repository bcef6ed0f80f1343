import type { PoolReading } from "../../core/dice/successPool.js";
import { effectOf, type Effect, type Step } from "../../core/outcome.js";
import { penaltyDice } from "../../core/tracks/gritFlesh.js";
import { type Combatant, tracksOf } from "./combatant.js";
import type { CourageTest } from "./courage.js";
import type { Strike } from "./damage.js";
import { disadvantageDice, type KnockBack } from "./knockBack.js";
import type { MeleeRound, SideRoll } from "./round.js";

/** The tracks an effect reports, from and to. */
export function trackRecord(combatant: Combatant): Record<string, unknown> {
  return {
    grit: combatant.grit,
    flesh: combatant.flesh,
    penaltyDice: penaltyDice(tracksOf(combatant)),
    wounds: combatant.wounds ?? [],
    disadvantage: combatant.disadvantage ?? "none",
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

export function sideSteps(who: string, roll: SideRoll): Step[] {
  const { base, resistance, drama } = roll.pools;
  const steps: Step[] = [
    {
      rule: "build-pools",
      who,
      base: base.total,
      baseParts: { attribute: base.attribute, skill: base.skill, situational: base.situational, military: base.military },
      resistance: resistance.total,
      resistanceParts: { penalties: resistance.penalties, situational: resistance.situational, disadvantage: resistance.disadvantage, stance: resistance.stance },
      drama: drama.total,
      armour: roll.armourDice,
    },
    readingStep(who, roll.reading),
  ];
  if (roll.patterns.triples > 0 || roll.patterns.quad) steps.push({ rule: "shield-pattern", who, triples: roll.patterns.triples, quad: roll.patterns.quad });
  return steps;
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
  return { rule: "courage-test", who, base: test.pool.base, resistance: test.pool.resistance, drama: test.pool.drama, net: test.reading.net, result: test.result, roundsOut: test.roundsOut, penaltyGained: test.penaltyGained };
}

export function knockBackStep(who: string, knock: KnockBack, agility: number): Step {
  return { rule: "knock-back", who, knockDown: knock.knockDown, physical: knock.physical, agility: knock.agility, result: knock.result, disadvantageRd: disadvantageDice(knock.result, agility) };
}

/** Every step of one melee round, in the order the table plays it. */
export function roundSteps(round: MeleeRound, fighters: { a: Combatant; b: Combatant }): Step[] {
  const name = { a: fighters.a.name, b: fighters.b.name };
  const second = round.buildsFirst === "a" ? "b" : "a";
  const steps: Step[] = [{ rule: "momentum-holder", holder: name[round.momentumBefore], buildsFirst: name[round.buildsFirst] }];
  steps.push(...sideSteps(name[round.buildsFirst], round.rolls[round.buildsFirst]), ...sideSteps(name[second], round.rolls[second]));
  const j = round.judgement;
  steps.push({ rule: "opposed-outcome", kind: j.kind, winner: j.winner === "none" ? null : name[j.winner], netA: round.rolls.a.reading.net, netB: round.rolls.b.reading.net, level: j.level, blow: j.blow, loserCriticalBlow: j.loserCriticalBlow });
  if (round.noBlow && j.winner !== "none") steps.push({ rule: "no-blow", defender: name[j.winner] });
  for (const side of ["a", "b"] as const) {
    const aftermath = round.sides[side];
    if (aftermath.struck) steps.push(...strikeSteps(name[side], aftermath.struck));
  }
  for (const side of ["a", "b"] as const) {
    const bash = round.sides[side].bashed;
    if (bash) steps.push({ rule: "shield-bash", who: name[side], grit: bash.grit, gritLost: bash.gritLost, transferredToFlesh: bash.transferred });
  }
  for (const side of ["a", "b"] as const) {
    const courage = round.sides[side].courage;
    if (courage) steps.push(courageStep(name[side], courage));
  }
  for (const side of ["a", "b"] as const) {
    const knock = round.sides[side].knockBack;
    if (knock) steps.push(knockBackStep(name[side], knock, fighters[side].agility));
  }
  steps.push({ rule: "momentum-passes", to: name[round.momentum] });
  return steps;
}
