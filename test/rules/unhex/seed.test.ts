import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { unhexRules } from "../../../src/rules/unhex/index.js";
import { rollTeamInitiative } from "../../../src/rules/unhex/initiative.js";

const SEED = "seed 002_f7d095e3e085910d";

describe(`${SEED} §Initiative`, () => {
  const teams = [
    { name: "PCs", pc: true, members: [{ name: "Ines", level: 40 }, { name: "Raf", level: 12 }] },
    { name: "NPCs", pc: false, members: [{ name: "Thug", level: 18 }, { name: "Boss", level: 25 }] },
  ];

  it(`${SEED} §Initiative: PCs' highest 40 roll 34, NPCs' highest 25 roll 62 and fail; the PCs win and let the NPCs go first`, () => {
    // Faces: tens then units, PCs first (no holder given: the PCs roll first).
    const round = rollTeamInitiative(new DiceTray(givenFaces([3, 4, 6, 2])), teams, undefined, ["NPCs", "PCs"]);
    expect(round.rolls.map((r) => [r.team, r.roller, r.roll.check.reading, r.roll.check.success])).toEqual([
      ["PCs", "Ines", 34, true],
      ["NPCs", "Boss", 62, false],
    ]);
    expect(round.winner).toBe("PCs");
    expect(round.by).toBe("highest-success");
    expect(round.order).toEqual(["NPCs", "PCs"]);
  });

  it(`${SEED} §Initiative: the same example through the initiative action (NPCs held it last round, so they roll first)`, () => {
    const outcome = unhexRules.actions.initiative?.resolve({ teams, previousHolder: "NPCs", order: ["NPCs", "PCs"] }, new DiceTray(givenFaces([6, 2, 3, 4])));
    expect(outcome?.result).toMatchObject({
      winner: "PCs",
      order: ["NPCs", "PCs"],
      rolls: [
        { team: "NPCs", roller: "Boss", reading: 62, grade: "failure" },
        { team: "PCs", roller: "Ines", reading: 34, grade: "success" },
      ],
    });
  });

  it(`${SEED} §Initiative: a tie (both fail) stays with last round's holder, and goes to the PCs in round 1`, () => {
    const bothFail = [9, 1, 8, 8];
    expect(rollTeamInitiative(new DiceTray(givenFaces(bothFail)), teams, "NPCs").winner).toBe("NPCs");
    const firstRound = rollTeamInitiative(new DiceTray(givenFaces(bothFail)), teams);
    expect(firstRound.winner).toBe("PCs");
    expect(firstRound.by).toBe("pcs-without-holder");
  });

  it(`${SEED} §Initiative: a critical success is an extra action for the roller, a critical failure the loss of one`, () => {
    // Ines rolls 33 (doubles under 40), Boss rolls 77 (doubles over 25). Nothing is asked of Ines:
    // on main (issue 24) she was offered to set the dice instead, and so to win initiative.
    const request = { teams, order: ["PCs", "NPCs"] };
    const outcome = unhexRules.actions.initiative?.resolve(request, new DiceTray(givenFaces([3, 3, 7, 7])));
    expect(outcome?.awaiting).toBeUndefined();
    expect(outcome?.effects).toEqual([
      { participant: "Ines", changes: {}, statuses: ["extra-action"] },
      { participant: "Boss", changes: {}, statuses: ["loses-next-action"] },
    ]);
    expect(outcome?.result).toMatchObject({ rolls: [{ team: "PCs", reading: 33, grade: "critical-success" }, { team: "NPCs", reading: 77, grade: "critical-failure" }] });
  });

  it(`${SEED} §Initiative: the winner's order of team turns is awaited from the winning team`, () => {
    const outcome = unhexRules.actions.initiative?.resolve({ teams }, new DiceTray(givenFaces([3, 4, 6, 2])));
    expect(outcome?.awaiting).toEqual({ choice: "order", by: "PCs", offer: { teams: ["PCs", "NPCs"], winner: "PCs", by: "highest-success" } });
    expect(() => unhexRules.actions.initiative?.resolve({ teams, order: ["PCs"] }, new DiceTray(givenFaces([3, 4, 6, 2])))).toThrow("the chosen order must name each team once");
  });

  it(`${SEED} §Initiative: rolling order matters to a side good at initiative, which wants to see the number to beat`, () => {
    const good = [{ ...teams[0]!, members: [{ name: "Ines", level: 40, good: true }] }, teams[1]!];
    // Round 1, the PCs roll first: Ines (good) must decide on her 34 before Boss's dice exist.
    // Fails on main (issue 24), which rolled Boss's 22 first and asked her after.
    const first = unhexRules.actions.initiative?.resolve({ teams: good, order: ["PCs", "NPCs"] }, new DiceTray(givenFaces([3, 4])));
    expect(first?.awaiting).toMatchObject({ choice: "rerolls.PCs", by: "PCs", offer: { reading: 34 } });
    expect(first?.result).toEqual({ rolls: [{ team: "PCs", roller: "Ines", reading: 34, grade: "success" }] });
    // The NPCs held initiative last round, so they roll first: Ines now sees Boss's 22 (a success under 25) and
    // her own 14 before she decides, and rerolls the tens die to beat it.
    const second = unhexRules.actions.initiative?.resolve({ teams: good, previousHolder: "NPCs", order: ["PCs", "NPCs"] }, new DiceTray(givenFaces([2, 2, 1, 4])));
    expect(second?.awaiting).toMatchObject({ choice: "rerolls.PCs", by: "PCs", offer: { reading: 14 } });
    expect(second?.result).toMatchObject({ rolls: [{ team: "NPCs", reading: 22 }, { team: "PCs", reading: 14 }] });
    const won = unhexRules.actions.initiative?.resolve({ teams: good, previousHolder: "NPCs", rerolls: { PCs: "tens" }, order: ["PCs", "NPCs"] }, new DiceTray(givenFaces([2, 2, 1, 4, 3])));
    expect(won?.result).toMatchObject({ winner: "PCs", rolls: [{ team: "NPCs", reading: 22 }, { team: "PCs", reading: 34 }] });
  });

  it(`${SEED} §Initiative: at a table each team's roller rolls her own dice, last round's holder first`, () => {
    const request = { teams, previousHolder: "NPCs", rolls: {} };
    expect(unhexRules.actions.initiative?.resolve(request, new DiceTray(givenFaces([])))?.awaiting).toEqual({ choice: "rolls.NPCs", by: "NPCs", offer: { who: "Boss" } });
    const second = unhexRules.actions.initiative?.resolve({ ...request, rolls: { NPCs: true } }, new DiceTray(givenFaces([6, 2])));
    expect(second?.awaiting).toEqual({ choice: "rolls.PCs", by: "PCs", offer: { who: "Ines" } });
    expect(second?.dice.map((d) => d.face)).toEqual([6, 2]);
    const done = unhexRules.actions.initiative?.resolve({ ...request, rolls: { NPCs: true, PCs: true }, order: ["NPCs", "PCs"] }, new DiceTray(givenFaces([6, 2, 3, 4])));
    expect(done?.result).toMatchObject({ winner: "PCs", order: ["NPCs", "PCs"] });
  });

  it(`${SEED} §Initiative: more teams make one multi-way roll; the highest success decides`, () => {
    const three = [...teams, { name: "Cops", pc: false, members: [{ name: "Sgt", level: 60 }] }];
    const round = rollTeamInitiative(new DiceTray(givenFaces([3, 4, 2, 10, 5, 9])), three);
    expect(round.rolls.map((r) => r.roll.check.reading)).toEqual([34, 20, 59]);
    expect(round.winner).toBe("Cops");
    expect(round.order).toEqual(["Cops", "PCs", "NPCs"]);
  });
});
