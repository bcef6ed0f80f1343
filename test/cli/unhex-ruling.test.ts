/** The command line resolves an attack without a map as the card does (seed 002 §Maps): it waits for the GM's ruling, then reads the target where the GM put her. */
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";

const run = (request: Record<string, unknown>) => runCli(["resolve"], () => JSON.stringify({ ruleset: "unhex", action: "attack", ...request }));
const shot = { attacker: { name: "Bouncer", level: 45, area: "here", weapon: "one-handed-ranged" }, target: { name: "Ines", level: 50, pc: true, area: "there" }, asked: { range: 0, cover: false } };

describe("fray resolve: an Unhex attack without a map", () => {
  it("awaits the GM's ruling on range and cover before anything else", () => {
    const result = run(shot);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).awaiting).toMatchObject({ choice: "ruling", by: "gm", offer: { asked: { range: 0, cover: false } } });
  });

  it("with the ruling, the target is where the GM put her: range 1 in cover, so a Defend is on offer against the shot", () => {
    const result = run({ ...shot, ruling: { range: 1, cover: true } });
    expect(result.code, result.stderr).toBe(0);
    const outcome = JSON.parse(result.stdout) as { steps: unknown[]; awaiting: { offer: { reactions: string[] } } };
    expect(outcome.steps[0]).toEqual({ rule: "ruling", range: 1, cover: true, asked: { range: 0, cover: false } });
    expect(outcome.awaiting.offer.reactions).toEqual(["none", "defend"]);
  });
});
