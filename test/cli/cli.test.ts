import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";
import { RULESETS } from "../../src/rules/index.js";

const stdin = (text: string) => () => text;

describe("command line", () => {
  it("lists every ruleset", () => {
    const result = runCli(["rulesets"], stdin(""));
    expect(result.code).toBe(0);
    for (const ruleset of RULESETS) expect(result.stdout).toContain(ruleset.id);
  });

  it.each([
    [["resolve"], "not json", /^stdin: not valid JSON/],
    [["resolve"], "{}", /^ruleset: expected/],
    [["resolve"], '{"ruleset":"chess","action":"x"}', /^ruleset: expected one of cavaliers, drama, unhex, personal, torchlight$/],
    [["resolve"], '{"ruleset":"drama","action":"x","faces":[0]}', /^faces\[0\]: expected an integer of at least 1$/],
    [["resolve", "--seed", "x"], "{}", /^option --seed: expected an integer/],
    [["resolve", "--bogus", "1"], "{}", /^option --bogus: expected one of --file, --seed$/],
    [["juggle"], "", /^unknown command "juggle"/],
    // Well formed but against the rules: a RuleError, reported as a refusal.
    [["resolve"], '{"ruleset":"cavaliers","action":"turn","name":"Ines","combined":["reload-musket","run"]}', /^refused: combined actions are capped at Drop 4 in a round/],
    [["resolve"], '{"ruleset":"unhex","action":"check","character":{"name":"Ines","level":50},"critical":{"set":70},"faces":[1,1]}', /^refused: the dice can be set to 1–50, not 70$/],
    // A given face its die cannot show stays a faces error.
    [["resolve"], '{"ruleset":"torchlight","action":"save","name":"Ines","st":12,"faces":[21]}', /^faces: given face #1 is 21, which a d20 cannot show$/],
  ])("%j with %s exits 2 with one line and no stdout", (argv, input, pattern) => {
    const result = runCli(argv, stdin(input));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr.trimEnd()).toMatch(pattern);
  });

  it("uses the faces given, then rolls the missing ones from --seed; --file names the request", () => {
    const request = { ruleset: "torchlight", action: "initiative", combatants: [{ name: "Ines", dex: 12 }, { name: "Orc", dex: 8 }] };
    const read = (file: string | undefined) => {
      if (file !== "req.json") throw new Error(`unexpected ${file}`);
      return JSON.stringify({ ...request, faces: [20] });
    };
    const partly = JSON.parse(runCli(["resolve", "--seed", "5", "--file", "req.json"], read).stdout) as { dice: Array<{ face: number }> };
    const seeded = JSON.parse(runCli(["resolve", "--seed", "5"], stdin(JSON.stringify(request))).stdout) as { dice: Array<{ face: number }> };
    expect(partly.dice.map((d) => d.face)).toEqual([20, seeded.dice[0]?.face]);
  });
});


describe("flags", () => {
  const request = JSON.stringify({ ruleset: "torchlight", action: "save", name: "Ines", st: 12 });

  it("--name=value is --name value", () => {
    const spaced = runCli(["resolve", "--seed", "5"], stdin(request));
    expect(spaced.code).toBe(0);
    expect(runCli(["resolve", "--seed=5"], stdin(request))).toEqual(spaced);
    // The word after --name=value is the next argument, not its value.
    const read = (file: string | undefined) => (file === "req.json" ? request : "not this");
    expect(runCli(["resolve", "--seed=5", "--file", "req.json"], read)).toEqual(spaced);
  });

  it("a flag that takes a value but has none is one line naming it", () => {
    expect(runCli(["resolve", "--seed"], stdin(request))).toEqual({ stdout: "", stderr: "option --seed: expected a value\n", code: 2 });
    expect(runCli(["duel", "--file"], stdin(request))).toEqual({ stdout: "", stderr: "option --file: expected a value\n", code: 2 });
  });
});
