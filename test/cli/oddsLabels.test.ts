/**
 * Every odds name of every action with odds has words for `fray odds --table` (lang/en.json
 * FRAY.CLIOdds), and the table a person reads names no code key: an odds name added to a ruleset
 * without a label fails here. Each action's odds declare all their names on every request, so one
 * request per action lists them all.
 */
import { describe, expect, it } from "vitest";
import { ODDS_READINGS, oddsLabels, oddsWords } from "../../src/cli/oddsLabels.js";
import { runCli } from "../../src/cli/run.js";
import { RULESETS } from "../../src/rules/index.js";

const REQUESTS: Record<string, Record<string, Record<string, unknown>>> = {
  cavaliers: {
    attack: { attack: "lunge", defence: "parry", attacker: { name: "Ines", attribute: 8, competency: 8, ranks: 1 }, defender: { name: "Bravo", type: "minor", attribute: 6 } },
    skill: { skill: "deceive", opposition: "hard", actor: { name: "Ines", attribute: 10, competency: 8, ranks: 2 } },
    flourish: { skill: "dodge", actor: { name: "Ines", attribute: 8, competency: 8 } },
  },
  drama: {
    melee: {
      a: { name: "Ines", physical: 3, agility: 2, skill: 1, grit: 4, flesh: 6, weapon: "large", stance: "press" },
      b: { name: "Odo", physical: 2, agility: 1, skill: 1, grit: 2, flesh: 6, weapon: "small" },
    },
    ranged: { shooter: { name: "Archer", physical: 2, agility: 2, skill: 2, grit: 4, flesh: 6, weapon: "medium" }, target: { name: "Deer", physical: 3, agility: 1, skill: 0, grit: 2, flesh: 5 }, situation: { range: "close" } },
    courage: { actor: { name: "Squire", maxFlesh: 4, physical: 3, penalties: 1, woundFlesh: 2 } },
    multiple: {
      actor: { name: "Warrior", physical: 3, agility: 4, skill: 3, grit: 6, flesh: 7, weapon: "medium", military: 2, stance: "press" },
      opponents: [{ opponent: { name: "Fyrd", physical: 2, agility: 3, skill: 2, grit: 3, flesh: 7, weapon: "medium" } }, { opponent: { name: "Cyne", physical: 2, agility: 3, skill: 2, grit: 3, flesh: 7, weapon: "small" }, unopposed: true }],
    },
    skirmish: {
      fighters: [
        { name: "Alda", physical: 2, agility: 3, skill: 2, grit: 3, flesh: 7, weapon: "medium" },
        { name: "Bors", physical: 3, agility: 2, skill: 3, grit: 5, flesh: 7, weapon: "large" },
        { name: "Cyne", physical: 2, agility: 3, skill: 1, grit: 3, flesh: 6, weapon: "small" },
      ],
      engagements: [{ between: ["f1", "f2"] }, { between: ["f2", "f3"] }],
    },
  },
  unhex: {
    check: { character: { name: "Ines", level: 50, good: true } },
    opposed: { a: { name: "Thug", level: 40 }, b: { name: "Ines", level: 40, pc: true } },
    attack: { attacker: { name: "Bouncer", level: 45, area: "bar", weapon: "melee" }, target: { name: "Ines", level: 50, pc: true, area: "bar" }, reaction: "counterattack" },
  },
  personal: {
    attack: {
      attacker: { name: "Ines", weapon: { attack: "1d20+3", damage: "2d6", damageType: "physical" } },
      target: { name: "Guard", defense: 12, armor: { physical: 4 }, resolve: 5, maxResolve: 10, stamina: 1, control: 1 },
    },
  },
  torchlight: {
    attack: { attacker: { name: "Elsa", weaponDie: 6, proficiencies: 1 }, target: { name: "Bandit", stance: "on-guard" } },
    check: { name: "Elsa", characteristic: "dex", dc: 13 },
    save: { name: "Elsa", st: 12 },
    "grapple-hold": { grappler: { name: "Riddic", st: 9 }, target: "Bandit" },
  },
};

interface Answer {
  chances: Record<string, number>;
  distributions: Record<string, unknown>;
  expected: Record<string, number>;
}

const withOdds = RULESETS.flatMap((ruleset) =>
  Object.entries(ruleset.actions)
    .filter(([, action]) => action.odds)
    .map(([action]) => [ruleset.id, action] as const),
);

const run = (ruleset: string, action: string, flags: string[]) => runCli(["odds", ...flags], () => JSON.stringify({ ruleset, action, ...REQUESTS[ruleset]?.[action] }));

describe("fray odds --table: words for every odds name", () => {
  it("has a request here, and a reading of whose names fill the words, for every action with odds", () => {
    const covered = Object.entries(REQUESTS).flatMap(([ruleset, actions]) => Object.keys(actions).map((action) => `${ruleset} ${action}`));
    const read = Object.entries(ODDS_READINGS).flatMap(([ruleset, actions]) => Object.keys(actions).map((action) => `${ruleset} ${action}`));
    const expected = withOdds.map(([ruleset, action]) => `${ruleset} ${action}`);
    expect(covered.sort()).toEqual([...expected].sort());
    expect(read.sort()).toEqual([...expected].sort());
  });

  it.each(withOdds)("%s %s: every name its odds give has a label, and every label a name", (ruleset, action) => {
    const result = run(ruleset, action, []);
    expect(result.stderr).toBe("");
    const answer = JSON.parse(result.stdout) as Answer;
    const names = new Set([...Object.keys(answer.chances), ...Object.keys(answer.distributions), ...Object.keys(answer.expected)]);
    const words = oddsWords(ruleset, action);
    const labelled = new Set(Object.keys(words?.names ?? {}));
    // A name is its own words, or (a round of pairings: `f1BeatsF2`) made by a pattern of words.
    const labels = oddsLabels(ruleset, action, REQUESTS[ruleset]?.[action] ?? {});
    expect([...names].filter((name) => labels.word(name) === undefined)).toEqual([]);
    const said = new Set([...names].map((name) => labels.word(name)));
    expect([...labelled].filter((name) => !said.has(name))).toEqual([]);
    // A number said to exist only under an event names an event and a number of these odds.
    for (const [number, event] of Object.entries(ODDS_READINGS[ruleset]?.[action]?.when ?? {})) {
      expect(names.has(number), number).toBe(true);
      expect(Object.keys(answer.chances), number).toContain(event);
    }
    // Chances that add up to more than 100% overlap: a line under them says how.
    const total = Object.values(answer.chances).reduce((sum, p) => sum + p, 0);
    if (total > 1 + 1e-9) expect(words?.note, "a note on the overlapping chances").toBeTruthy();
  });

  it.each(withOdds)("%s %s: the table names the request's fighters and no code key", (ruleset, action) => {
    const result = run(ruleset, action, ["--table"]);
    expect(result.code).toBe(0);
    const answer = JSON.parse(run(ruleset, action, []).stdout) as Answer;
    const keys = [...Object.keys(answer.chances), ...Object.keys(answer.distributions), ...Object.keys(answer.expected)];
    // A key that is a plain word ("hit", "success") may be said; a code key (camelCase, dotted) may not.
    for (const key of keys.filter((name) => /[A-Z.]/.test(name))) expect(result.stdout, key).not.toContain(key);
    expect(result.stdout).not.toMatch(/[{}]/);
    expect(result.stdout).not.toMatch(/\b[a-z]+[A-Z]\w*/);
    const request = REQUESTS[ruleset]?.[action] ?? {};
    const named = Object.values(request).flatMap((value) => (typeof value === "object" && value && "name" in value ? [String(value.name)] : []));
    for (const name of named) expect(result.stdout).toContain(name);
  });

  it("marks a number that exists only when an event happens, with that event's chance", () => {
    const table = run("cavaliers", "attack", ["--table"]).stdout;
    expect(table).toMatch(/^ {2}Ines wins\s+97\.36%$/m);
    expect(table).toContain("distribution of Ines's Success Points, when Ines wins (adds up to 97.36%, not 100%)");
    expect(table).toMatch(/^ {2}Bravo's Success Points \(0 unless Bravo wins\)\s+0\.026$/m);
  });

  it("says under the chances what overlapping lines mean", () => {
    const table = run("drama", "melee", ["--table"]).stdout;
    const chances = table.slice(table.indexOf("chances"), table.indexOf("expected values"));
    expect(chances).toContain("Ines rolls a critical");
    expect(chances).toMatch(/a critical comes with any result\.\n\n$/);
  });

  it("keeps the JSON answer's own names for programs", () => {
    const answer = JSON.parse(run("cavaliers", "attack", []).stdout) as Answer;
    expect(Object.keys(answer.chances)).toEqual(expect.arrayContaining(["attackerWins", "defenderWins"]));
  });
});
