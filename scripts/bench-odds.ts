/**
 * The odds part of `npm run bench` (alone: `npm run bench -- odds`): for each ruleset, its contests
 * at the largest pools the rules allow, the time of the exact odds against a 100,000-sample Monte
 * Carlo of the same contest in the same run (how many times faster the exact answer is; the target
 * is 100), and the Monte Carlo's largest absolute error on any chance against the exact answer.
 * Ratios only; no test asserts on them, but `npm run bench` fails on a row that misses its goal (`oddsFailures`).
 *
 * Every contest must pass its action's request schema (checked before it is timed), so none is
 * larger than a table could ask for; where the rules' own numbers stop short of the schema's, both
 * are benched. The Monte Carlo is resolve itself on seeded dice, once per sample, as the tests use it.
 */
import { validate } from "../src/cli/validate.js";
import { agreement, monteCarlo } from "../src/core/odds/montecarlo.js";
import { RULESETS } from "../src/rules/index.js";
import type { RulesetAction } from "../src/rules/ruleset.js";

export const SAMPLES = 100_000;

interface Contest {
  ruleset: string;
  action: string;
  /** What makes it the largest: said in the table. */
  what: string;
  request: Record<string, unknown>;
}

const d12s = (n: number) => Array.from({ length: n }, () => 12);
const cavalier = (name: string) => ({ name, attribute: 10, competency: 12, ranks: 10, item: 12, bonus: 12, assists: [d12s(10), d12s(10)] });
const dramaFighter = (name: string) => ({ name, physical: 10, agility: 10, skill: 10, grit: 10, flesh: 10, military: 10, drama: 10, weapon: "extraLarge", shield: "large", harness: 10, stance: "press" });

const dramaSchemaMaxima = (name: string) => ({ ...dramaFighter(name), situationalBase: 40, stance: "dramatic", dramatic: { base: 20, drama: 10 } });

export const CONTESTS: Contest[] = [
  // Every spend is given (`[]` buys nothing; a landing attack's too): without them resolve stops to ask.
  { ruleset: "cavaliers", action: "attack", what: "34 dice a side (d10 attribute, 10 ranks, d12s, two Assists of 10)", request: { attack: "lunge", defence: "parry", attacker: cavalier("A"), defender: cavalier("D"), spend: [], landingSpend: [] } },
  // The defence step (issue 38): what the defender's browser works out for each defence before any die,
  // at its largest: a Dodge (no item die) with her d12 Advantage and two Assists of 10, against 34 dice.
  {
    ruleset: "cavaliers",
    action: "attack",
    what: "the defence choice: a Dodge with the d12 Advantage and two Assists of 10, against 34 dice",
    request: { attack: "lunge", defence: "dodge", attacker: cavalier("A"), defender: { name: "D", attribute: 10, competency: 12, ranks: 10, advantage: 12, useAdvantage: true, assists: [d12s(10), d12s(10)] }, spend: [], landingSpend: [] },
  },
  { ruleset: "cavaliers", action: "skill", what: "34 dice against Very Hard", request: { actor: cavalier("A"), skill: "deceive", opposition: "very-hard", spend: [] } },
  { ruleset: "drama", action: "melee", what: "a sheet's maxima: 30 Bd, 11 Dd, large shields", request: { a: dramaFighter("A"), b: { ...dramaFighter("B"), stance: "stand" } } },
  // The seed caps no situational dice, and a Dramatic stance's modifiers are the GM's: the request
  // schema stops them at 40 situational Bd and +20 Bd, +10 Dd, so a fighter can roll 90 Bd and 20 Dd.
  {
    ruleset: "drama",
    action: "melee",
    what: "the request schema's maxima: 90 Bd, 20 Dd (40 situational Bd, a Dramatic stance)",
    request: { a: dramaSchemaMaxima("A"), b: dramaSchemaMaxima("B") },
  },
  // The split of pools (issue 38): what the splitting fighter's browser works out for her split before
  // any die, at its largest: a sheet's maxima shared among the most opponents a round allows, one left
  // unopposed (+2Bd against nothing), the Drama dice against one.
  {
    ruleset: "drama",
    action: "multiple",
    what: "the split: a sheet's maxima against 8 opponents, one unopposed",
    request: {
      actor: dramaFighter("A"),
      opponents: Array.from({ length: 8 }, (_, i) => ({ opponent: { ...dramaFighter(`O${i + 1}`), stance: "stand" }, ...(i === 7 ? { unopposed: true } : {}), ...(i === 1 ? { drama: true } : {}) })),
    },
  },
  { ruleset: "drama", action: "ranged", what: "30 Bd with every bonus, 11 Dd", request: { shooter: { ...dramaFighter("S"), skillAttribute: "agility" }, target: dramaFighter("T"), bonuses: ["largeTarget", "braced", "aiming"] } },
  // Unhex: a good roller rerolling both dice is the most any roll can throw (two d10s, then two more).
  // Every choice is given, so resolve runs to the end on every sample as the exact odds read it.
  {
    ruleset: "unhex",
    action: "attack",
    what: "both sides reroll both dice, a Defend",
    request: {
      attacker: { name: "A", level: 60, good: true, area: "bar", weapon: "melee" },
      target: { name: "T", level: 60, good: true, area: "bar" },
      reaction: "defend",
      roll: true,
      rerolls: { attacker: "both", target: "both" },
      criticals: { attacker: "extra-action", target: "extra-action" },
      damageDie: "tens",
    },
  },
  // The reaction step (issue 38): what the target's browser works out for each reaction before any die,
  // here No reaction and a Counterattack at their largest (both good, rerolling both dice).
  {
    ruleset: "unhex",
    action: "attack",
    what: "the reaction choice: no reaction, the attacker rerolling both dice",
    request: { attacker: { name: "A", level: 60, good: true, area: "bar", weapon: "melee" }, target: { name: "T", level: 60, area: "bar" }, reaction: "none", roll: true, rerolls: { attacker: "both" }, criticals: { attacker: "extra-action" }, damageDie: "tens" },
  },
  {
    ruleset: "unhex",
    action: "attack",
    what: "the reaction choice: a Counterattack, both rerolling both dice",
    request: {
      attacker: { name: "A", level: 60, good: true, area: "bar", weapon: "melee" },
      target: { name: "T", level: 60, good: true, area: "bar", weapons: ["melee"] },
      reaction: "counterattack",
      roll: true,
      rerolls: { attacker: "both", target: "both" },
      criticals: { attacker: "extra-action", target: "extra-action" },
      damageDie: "tens",
      counterDamageDie: "tens",
    },
  },
  {
    ruleset: "unhex",
    action: "opposed",
    what: "both reroll both dice",
    request: { a: { name: "A", level: 60, good: true }, b: { name: "B", level: 55, good: true, pc: true }, roll: true, rerolls: { a: "both", b: "both" }, criticals: { a: "extra-action", b: "extra-action" } },
  },
  // Formulas are the weapon's own (the seed leaves them open); the parser allows 100 dice of at most
  // 1000 sides a formula. The Defense is the schema's largest, 1000.
  { ruleset: "personal", action: "attack", what: "the parser's largest formulas: 100d1000 each", request: { attacker: { name: "A", weapon: { attack: "100d1000", damage: "100d1000", damageType: "physical" } }, target: { name: "T", defense: 1000, armor: { physical: 40 }, resolve: 500, maxResolve: 1000, stamina: 1, control: 1 } } },
  // A Precision Strike's choice is given: without it `resolve` stops to ask (no damage to sample),
  // while the exact odds count the unmade choice as the extra die.
  { ruleset: "torchlight", action: "attack", what: "a d100 Enhanced twice, with a Feint", request: { attacker: { name: "A", weaponDie: 100, breath: 1, proficiencies: 3 }, target: { name: "T" }, situation: { enhancements: 1 }, maneuver: { name: "feint", payWith: "breath" }, precision: "extra-die" } },
  // The Feint's branch (issue 38 item 3): the reroll chosen, every other choice given, so resolve runs
  // to the end on every sample; the card reads the same reroll's faces, given the die it has seen.
  { ruleset: "torchlight", action: "attack", what: "the Feint's reroll branch: a d100 Enhanced twice, Aggressive", request: { attacker: { name: "A", weaponDie: 100, breath: 1, proficiencies: 3, stance: "aggressive" }, target: { name: "T" }, situation: { enhancements: 2 }, feint: "reroll", precision: "extra-die" } },
  // Each mate's Precision Strike choice is given too: a mate's unmade choice stops resolve on every
  // sample that strikes one, so without them the Monte Carlo would sample almost nothing.
  {
    ruleset: "torchlight",
    action: "attack",
    what: "a Squad of five d12s, Enhanced",
    request: { attacker: { name: "A", weaponDie: 12 }, squadMates: ["B", "C", "D", "E"].map((name) => ({ name, weaponDie: 12, proficiencies: 1, precision: "extra-die" })), target: { name: "T" }, precision: "extra-die" },
  },
];

export interface OddsRow {
  contest: Contest;
  exactMs: number;
  monteCarloMs: number;
  /** Monte Carlo time / exact time. */
  faster: number;
  largestError: number;
}

function actionOf(contest: Contest): RulesetAction & { odds: NonNullable<RulesetAction["odds"]> } {
  const action = RULESETS.find((r) => r.id === contest.ruleset)?.actions[contest.action];
  if (!action?.odds) throw new Error(`${contest.ruleset} ${contest.action} has no odds`);
  return action as RulesetAction & { odds: NonNullable<RulesetAction["odds"]> };
}

/** Best of a few timed runs of the exact odds (after one warm-up), in ms. */
function timeExact(run: () => unknown): number {
  run();
  let best = Infinity;
  const until = performance.now() + 1000;
  for (let i = 0; i < 20 && (i < 3 || performance.now() < until); i += 1) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

export function benchOdds(samples = SAMPLES): OddsRow[] {
  return CONTESTS.map((contest) => {
    const action = actionOf(contest);
    // A contest larger than the request schema allows would not be one the rules can be asked.
    validate(action.request, contest.request, `${contest.ruleset} ${contest.action}: `);
    const exact = action.odds.exact(contest.request);
    const exactMs = timeExact(() => action.odds.exact(contest.request));
    const started = performance.now();
    const estimate = monteCarlo((tray) => action.resolve(contest.request, tray), (outcome) => action.odds.observe(contest.request, outcome), samples, 1, Object.keys(exact.distributions));
    const monteCarloMs = performance.now() - started;
    const check = agreement(exact, estimate);
    return { contest, exactMs, monteCarloMs, faster: monteCarloMs / exactMs, largestError: check.largestChanceError };
  });
}

/** Each row's goal: the run fails when one is missed (see the header). */
export const GOALS = { oddsError: 0.01, oddsFaster: 100, ordering: 15 } as const;

/** The odds rows that miss a goal, each said in a line. */
export function oddsFailures(rows: readonly OddsRow[]): string[] {
  return rows.flatMap((row) => {
    const name = `${row.contest.ruleset} ${row.contest.action} (${row.contest.what})`;
    return [
      ...(row.largestError > GOALS.oddsError ? [`${name}: the Monte Carlo is off the exact odds by ${row.largestError.toFixed(4)} (goal at most ${GOALS.oddsError})`] : []),
      ...(row.faster < GOALS.oddsFaster ? [`${name}: the exact odds are ${row.faster.toFixed(0)}x faster than the Monte Carlo (goal at least ${GOALS.oddsFaster}x)`] : []),
    ];
  });
}
