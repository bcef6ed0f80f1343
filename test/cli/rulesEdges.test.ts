import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";

// Issue 35: the command line refuses what the cards refuse, and reads what they read, at the rules' edges.
const resolve = (request: Record<string, unknown>) => runCli(["resolve"], () => JSON.stringify(request));
const refusal = (request: Record<string, unknown>) => {
  const result = resolve(request);
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr.trim().split("\n")).toHaveLength(1);
  return result.stderr.trim();
};
const outcome = (request: Record<string, unknown>) => {
  const result = resolve(request);
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as { dice: { label: string; sides: number }[]; steps: Record<string, unknown>[]; result: Record<string, unknown> };
};

describe("cavaliers on the command line (issue 35)", () => {
  it("seed 000 §Attack, RULINGS (Order of an attack): the attack is only declared until the target chooses; then both pools roll, attack first", () => {
    const declared = { ruleset: "cavaliers", action: "attack", attack: "lunge", attacker: { name: "Ines", attribute: 8, competency: 8, combined: ["move"] } };
    const read = outcome(declared);
    expect(read.dice).toEqual([]);
    expect(read.result).toEqual({ attacker: { declared: true, dice: 2, drop: 1 } });
    // A face sent before the defence is chosen is one the rules never asked for.
    expect(refusal({ ...declared, faces: [8, 6] })).toContain("left over");
    const rolled = outcome({ ...declared, attacker: { name: "Ines", attribute: 8, competency: 8 }, defence: "dodge", defender: { name: "Guard", type: "stock", attribute: 6, competency: 6 }, faces: [8, 6, 3, 2] });
    expect(rolled.dice.map((die) => die.label)).toEqual(["attack pool", "attack pool", "defence pool", "defence pool"]);
  });

  it("seed 000 §Using Advantage (\"on any attack or defense roll\"), §Assist: the defender adds her Advantage die and her helpers' dice, and her Advantage steps down", () => {
    const request = { ruleset: "cavaliers", action: "attack", attack: "lunge", defence: "dodge", attacker: { name: "Ines", attribute: 8, competency: 8 }, defender: { name: "Guard", type: "stock", attribute: 6, competency: 6, advantage: 10, useAdvantage: true, assists: [[8, 8], [6]] } };
    // Lunge 8 + 6 = 14; the Dodge pool is d6 d6, the d10 Advantage and the Assists' d8 d8 and d6: 9 + 7 = 16 wins.
    const read = outcome({ ...request, faces: [8, 6, 1, 2, 9, 7, 3, 1], spend: ["negate"] }) as ReturnType<typeof outcome> & { effects: { participant: string; changes: Record<string, { from: unknown; to: unknown }> }[] };
    expect(read.steps).toContainEqual(expect.objectContaining({ rule: "pool", roll: "defence pool", dice: ["attribute:d6", "competency:d6", "advantage:d10", "assist:d8", "assist:d8", "assist:d6"] }));
    expect(read.result).toMatchObject({ winner: "defender", defender: { total: 16, successPoints: 7 } });
    expect(read.effects[1]?.changes.advantage).toEqual({ from: 10, to: 8 });
  });

  it("seed 000 §Dying and Death: a Survival roll for a PC who is not Dying is refused in one line", () => {
    expect(refusal({ ruleset: "cavaliers", action: "survival", name: "Ines", verve: 8, competency: 8, wounds: 3, faces: [8, 4, 2, 2, 1] })).toContain("Ines is not Dying");
    expect(outcome({ ruleset: "cavaliers", action: "survival", name: "Ines", verve: 8, competency: 8, wounds: 4, faces: [8, 4, 2, 2, 1] }).result).toMatchObject({ survived: true });
  });

  it("RULINGS (Lunge table): Break Weapon lands only on a failed Parry, not on one that won and bought no Negate", () => {
    // Lunge 6 + 5 = 11; the Guard's Parry 10 + 12 wins.
    const request = { ruleset: "cavaliers", action: "attack", attack: "lunge", defence: "parry", attacker: { name: "Ines", attribute: 8, competency: 8 }, defender: { name: "Guard", type: "stock", attribute: 10, competency: 12, ranks: 1 } };
    expect(refusal({ ...request, spend: [], landingSpend: ["break-weapon"], faces: [6, 5, 10, 12, 1] })).toContain("Break Weapon: only against a failed Parry");
    expect(resolve({ ...request, spend: ["break-weapon"], faces: [6, 5, 1, 1, 1] }).code).toBe(0);
  });

  it("seed 000 §Wounds (RULINGS: per-actor wound track): the request carries her track; 4 Wounds of [1, 2, 4, 4] are not Dying", () => {
    const request = (woundTrack?: number[]) => ({ ruleset: "cavaliers", action: "attack", attack: "lunge", defence: "parry", attacker: { name: "Ines", attribute: 8, competency: 8 }, defender: { name: "Bravo", type: "minor", attribute: 8, competency: 6, wounds: 4, ...(woundTrack ? { woundTrack } : {}) }, faces: [8, 7, 5] });
    expect(outcome(request([1, 2, 4, 4])).steps).toContainEqual(expect.objectContaining({ rule: "drop-total", roll: "defence pool", wounds: 4 }));
    expect(refusal(request())).toContain("Bravo is Dying");
    expect(refusal({ ...request(), defender: { name: "Bravo", woundTrack: Array(11).fill(1), attribute: 8 } })).toContain("defender.woundTrack");
  });

  it("RULINGS (Yield): a Stock NPC at 7 of 7 takes no action, and the end of the fight counts her out", () => {
    expect(refusal({ ruleset: "cavaliers", action: "attack", attack: "lunge", attacker: { name: "Guard", type: "stock", attribute: 8, competency: 8, yield: 7 }, faces: [5, 3] })).toContain("Guard is at her Yield Limit (7 of 7)");
    expect(outcome({ ruleset: "cavaliers", action: "end-combat", combatants: [{ name: "Guard", type: "stock", competency: 8, yield: 7 }] }).result).toMatchObject({ out: ["Guard"] });
  });

  it("RULINGS (Competency die): a PC's die left out is a d6; a PC with none is refused in one line", () => {
    const lunge = (attacker: Record<string, unknown>) => ({ ruleset: "cavaliers", action: "attack", attack: "lunge", attacker, faces: [] });
    const read = outcome(lunge({ name: "Ines", attribute: 8 }));
    expect(read.steps.find((step) => step.rule === "pool")?.dice).toEqual(["attribute:d8", "competency:d6"]);
    expect(refusal(lunge({ name: "Ines", attribute: 8, competency: 0 }))).toContain("Ines is a PC: she has a competency die, a d6 at least");
  });
});

describe("torchlight on the command line (issue 35)", () => {
  const attack = (attacker: Record<string, unknown>, target: Record<string, unknown>) => ({ ruleset: "torchlight", action: "attack", attacker: { name: "Ines", weaponDie: 8, ...attacker }, target: { name: "Orc", ...target }, faces: [3] });

  it("seed 004 §Incapacitated and Death, §Initiative: the request carries both sides' state, and the rules refuse what the seed forbids", () => {
    expect(refusal(attack({ incapacitated: true }, {}))).toBe("refused: An Incapacitated character takes no action: she cannot attack (Ines)");
    expect(refusal(attack({ waiting: true }, {}))).toBe("refused: A character who failed her Initiative does not act until the next round (Ines)");
    expect(refusal(attack({}, { dead: true }))).toBe("refused: The target is dead: there is no one left to attack (Orc)");
    expect(outcome(attack({}, { incapacitated: true })).dice).toHaveLength(2);
  });

  it("seed 004 §Recovery: a Recovery without maxBreath is refused in one line", () => {
    expect(refusal({ ruleset: "torchlight", action: "recover", character: { name: "Elsa", breath: 0, str: 6, dex: 13, wil: 5, san: 10, luck: 10 } })).toBe("refused: Recovery gives back Breath up to its maximum: give maxBreath (Elsa)");
  });
});
