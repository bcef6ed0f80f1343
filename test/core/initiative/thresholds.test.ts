import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { InitiativeError as RankError, rankWithPcTies, type Scored, scoreInitiative } from "../../../src/core/initiative/rankWithPcTies.js";
import { rollSaveOrWait } from "../../../src/core/initiative/saveOrWait.js";
import { decideTeamInitiative, InitiativeError as TeamError, teamOrder, teamRoller } from "../../../src/core/initiative/teamOpposed.js";
import { orderByTotalThenSuccessPoints, placeLateJoiner } from "../../../src/core/initiative/totalThenSuccessPoints.js";

// The initiative orders' tie-breaks and choices, each at the case that tells the right rule from a wrong one.
const r = (team: string, pc: boolean, success: boolean, reading: number) => ({ team, pc, success, reading });
const pc = (name: string, score: number): Scored => ({ name, pc: true, score });

describe("initiative by rank: PC ties", () => {
  it("on an equal score the PCs the players picked go first, in their order, and unpicked PCs follow in the given order", () => {
    const tied = [pc("A", 7), pc("B", 7), pc("C", 7), pc("D", 7)];
    expect(rankWithPcTies(tied, ["C"]).map((s) => s.name)).toEqual(["C", "A", "B", "D"]);
    expect(rankWithPcTies(tied, ["D", "B"]).map((s) => s.name)).toEqual(["D", "B", "A", "C"]);
    expect(rankWithPcTies(tied, ["B", "A"]).map((s) => s.name)).toEqual(["B", "A", "C", "D"]);
  });

  it("a given face must be a whole face of the die: 1 to its size", () => {
    const bonuses = { die: 6, npcBonus: 3, majorNpcBonus: 6 };
    const tray = new DiceTray(givenFaces([]));
    expect(scoreInitiative(tray, [{ name: "Ines", rank: 1, face: 1 }], [], bonuses)[0]).toEqual({ name: "Ines", pc: true, score: 2, face: 1 });
    expect(scoreInitiative(tray, [{ name: "Ines", rank: 1, face: 6 }], [], bonuses)[0]?.score).toBe(7);
    for (const face of [0, 7, 2.5]) expect(() => scoreInitiative(tray, [{ name: "Ines", rank: 1, face }], [], bonuses)).toThrow(/Ines's face .* cannot be on a d6/);
    expect(new RankError("x").name).toBe("InitiativeError");
  });
});

describe("team initiative: who rolls and who wins", () => {
  it("a team with nobody cannot roll; a pick that is not among the highest is refused, naming them", () => {
    expect(() => teamRoller({ name: "Ghosts", pc: false, members: [] })).toThrow(/team "Ghosts" has nobody to roll/);
    expect(() => teamRoller({ name: "PCs", pc: true, members: [{ name: "Ana", level: 3 }], roller: "Bo" })).toThrow(/cannot pick "Bo": the highest level is 3 \(Ana\)/);
    expect(new TeamError("x").name).toBe("InitiativeError");
  });

  it("there must be a team to decide among", () => {
    expect(() => decideTeamInitiative([])).toThrow(TeamError);
  });

  it("RULINGS.md §unhex (team initiative): when nobody wins and no team is the holder or the PCs, only the tied teams roll again", () => {
    expect(decideTeamInitiative([r("Gang", false, false, 50), r("Cops", false, false, 60)])).toEqual({ rollAgain: ["Gang", "Cops"] });
    expect(decideTeamInitiative([r("Gang", false, true, 31), r("Cops", false, true, 31)])).toEqual({ rollAgain: ["Gang", "Cops"] });
    // Issue 36: the PCs fail, Gang and Cops tie at 44: the PCs are out of it, and no "first listed" wins.
    expect(decideTeamInitiative([r("PCs", true, false, 90), r("Gang", false, true, 44), r("Cops", false, true, 44)])).toEqual({ rollAgain: ["Gang", "Cops"] });
    expect(decideTeamInitiative([r("PCs", true, false, 90), r("Gang", false, true, 44), r("Cops", false, true, 44)], "Cops")).toEqual({ winner: "Cops", by: "previous-holder" });
    // Last round's holder outside the tie does not keep it.
    expect(decideTeamInitiative([r("PCs", true, false, 90), r("Gang", false, true, 44), r("Cops", false, true, 44)], "PCs")).toEqual({ rollAgain: ["Gang", "Cops"] });
    // All fail: the holder, else the one PC team, among all three.
    expect(decideTeamInitiative([r("PCs", true, false, 90), r("Gang", false, false, 95), r("Cops", false, false, 99)])).toEqual({ winner: "PCs", by: "pcs-without-holder" });
    expect(decideTeamInitiative([r("PCs", true, false, 90), r("Gang", false, false, 95), r("Cops", false, false, 99)], "Gang")).toEqual({ winner: "Gang", by: "previous-holder" });
  });

  it("two PC teams tied at the top with an NPC team: the NPC holder cannot keep it; the two PC teams roll again unless one held it", () => {
    const readings = [r("Gang", false, true, 40), r("Red", true, true, 40), r("Blue", true, true, 40)];
    expect(decideTeamInitiative(readings, "Gang")).toEqual({ rollAgain: ["Red", "Blue"] });
    expect(decideTeamInitiative(readings, "Blue")).toEqual({ winner: "Blue", by: "previous-holder" });
  });

  it("the winner's chosen order may list the teams in any order, each exactly once", () => {
    const teams = [
      { name: "a", pc: true, members: [] },
      { name: "b", pc: false, members: [] },
      { name: "c", pc: false, members: [] },
    ];
    expect(teamOrder(teams, "a", ["c", "a", "b"])).toEqual(["c", "a", "b"]);
    expect(() => teamOrder(teams, "a", ["a", "a", "b"])).toThrow(/each team once: a, b, c/);
    expect(() => teamOrder(teams, "a", ["a", "b"])).toThrow(TeamError);
  });
});

describe("save-or-wait and total-then-SP: labels and tie-breaks", () => {
  it("each initiative save is labelled with the saver's name", () => {
    const tray = new DiceTray(givenFaces([12, 4]));
    rollSaveOrWait(tray, [
      { name: "Elsa", st: 10 },
      { name: "Rat", st: 10 },
    ]);
    expect(tray.rolled.map((die) => die.label)).toEqual(["initiative save: Elsa", "initiative save: Rat"]);
  });

  it("roll-offs are labelled as such, a late joiner's with both names", () => {
    const tray = new DiceTray(givenFaces([3, 7]));
    orderByTotalThenSuccessPoints(
      [
        { id: "a", total: 9, successPoints: 2 },
        { id: "b", total: 9, successPoints: 2 },
      ],
      tray,
    );
    expect(tray.rolled.map((die) => die.label)).toEqual(["initiative roll-off", "initiative roll-off"]);
    const late = new DiceTray(givenFaces([7, 3]));
    placeLateJoiner([{ id: "a", total: 9, successPoints: 2 }], { id: "j", total: 9, successPoints: 2 }, late);
    expect(late.rolled.map((die) => die.label)).toEqual(["late joiner roll-off: j", "late joiner roll-off: a"]);
  });

  it("a late joiner level on total but with fewer SP goes in after", () => {
    const order = [{ id: "a", total: 9, successPoints: 3 }];
    expect(placeLateJoiner(order, { id: "j", total: 9, successPoints: 2 }, new DiceTray(givenFaces([]))).place).toBe(2);
    expect(placeLateJoiner(order, { id: "j", total: 9, successPoints: 4 }, new DiceTray(givenFaces([]))).place).toBe(1);
  });
});
