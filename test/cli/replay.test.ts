import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";
import { RULESETS } from "../../src/rules/index.js";
import { parseCliExamples as parseExamples } from "../../scripts/cli-examples.js";

// Issue 3, Proof: "a replay from the recorded faces gives the identical result", across every
// ruleset at once. Each resolve example of docs/cli.md is run again with `faces` set to the faces
// its outcome recorded and a different seed: the seed must then not matter, and nothing may change.
const examples = parseExamples(readFileSync("docs/cli.md", "utf8")).filter((e) => e.argv[0] === "resolve" && e.exit === 0);

interface Printed {
  ruleset: string;
  action: string;
  seed: number;
  dice: Array<{ face: number }>;
}

describe("replaying every docs/cli.md resolve example from its recorded faces", () => {
  it("covers every ruleset", () => {
    const rulesets = new Set(examples.map((e) => (JSON.parse(e.stdin) as { ruleset: string }).ruleset));
    expect([...rulesets].sort()).toEqual(RULESETS.map((r) => r.id).sort());
  });

  it.each(examples.map((e, i) => [`${e.heading} #${i + 1}`, e] as const))("%s", (_name, example) => {
    const printed = JSON.parse(example.expected) as Printed;
    const request = { ...(JSON.parse(example.stdin) as Record<string, unknown>), faces: printed.dice.map((d) => d.face) };
    const otherSeed = printed.seed + 7919;
    const replay = runCli(["resolve", "--seed", String(otherSeed)], () => JSON.stringify(request));
    expect(replay.stderr).toBe("");
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout)).toEqual({ ...printed, seed: otherSeed });
  });

  it("would notice a changed face", () => {
    // The same check on altered faces must fail somewhere, or the test above proves nothing.
    const rolled = examples.map((e) => ({ e, printed: JSON.parse(e.expected) as Printed })).find(({ printed }) => printed.dice.length > 0);
    if (!rolled) throw new Error("no example rolls a die");
    const faces = rolled.printed.dice.map((d) => d.face);
    const changed = faces.map((f, i) => (i === 0 ? (f === 1 ? 2 : 1) : f));
    const replay = runCli(["resolve", "--seed", "1"], () => JSON.stringify({ ...(JSON.parse(rolled.e.stdin) as object), faces: changed }));
    expect(replay.code !== 0 || JSON.stringify(JSON.parse(replay.stdout).dice) !== JSON.stringify(rolled.printed.dice)).toBe(true);
  });
});
