import { describe, expect, it } from "vitest";
import { decideTeamInitiative, rollingOrder, type Team, teamOrder, teamRoller } from "../../../src/core/initiative/teamOpposed.js";

const pcs: Team = { name: "PCs", pc: true, members: [{ name: "Ana", level: 40 }, { name: "Bo", level: 40 }, { name: "Cy", level: 22 }] };
const npcs: Team = { name: "NPCs", pc: false, members: [{ name: "Goon", level: 25 }] };
const r = (team: string, pc: boolean, success: boolean, reading: number) => ({ team, pc, success, reading });

describe("team initiative", () => {
  it("the highest-level character rolls; the team picks among equals", () => {
    expect(teamRoller(pcs).name).toBe("Ana");
    expect(teamRoller({ ...pcs, roller: "Bo" }).name).toBe("Bo");
    expect(() => teamRoller({ ...pcs, roller: "Cy" })).toThrow(/highest level is 40/);
  });

  it("last round's holder rolls first, else the PCs", () => {
    expect(rollingOrder([npcs, pcs]).map((t) => t.name)).toEqual(["PCs", "NPCs"]);
    expect(rollingOrder([pcs, npcs], "NPCs").map((t) => t.name)).toEqual(["NPCs", "PCs"]);
  });

  it("the highest success wins, a PC beats an NPC on an equal roll", () => {
    expect(decideTeamInitiative([r("PCs", true, true, 12), r("NPCs", false, true, 20)])).toEqual({ winner: "NPCs", by: "highest-success" });
    expect(decideTeamInitiative([r("NPCs", false, true, 20), r("PCs", true, true, 20)])).toEqual({ winner: "PCs", by: "pc-beats-npc" });
    expect(decideTeamInitiative([r("PCs", true, false, 90), r("NPCs", false, true, 5)])).toEqual({ winner: "NPCs", by: "highest-success" });
  });

  it("when both fail, last round's holder keeps it; in round 1 the PCs take it", () => {
    const fails = [r("PCs", true, false, 70), r("NPCs", false, false, 80)];
    expect(decideTeamInitiative(fails, "NPCs")).toEqual({ winner: "NPCs", by: "previous-holder" });
    expect(decideTeamInitiative(fails)).toEqual({ winner: "PCs", by: "pcs-without-holder" });
  });

  it("many teams: one multi-way roll, the highest success wins", () => {
    const readings = [r("PCs", true, true, 10), r("Gang", false, true, 31), r("Cops", false, false, 50)];
    expect(decideTeamInitiative(readings, "PCs")).toEqual({ winner: "Gang", by: "highest-success" });
    expect(decideTeamInitiative([r("Gang", false, true, 31), r("Cops", false, true, 31)], "Cops")).toEqual({ winner: "Cops", by: "previous-holder" });
  });

  it("the winner chooses the order of teams; by default the winner goes first", () => {
    expect(teamOrder([pcs, npcs], "NPCs")).toEqual(["NPCs", "PCs"]);
    expect(teamOrder([pcs, npcs], "PCs", ["NPCs", "PCs"])).toEqual(["NPCs", "PCs"]);
    expect(() => teamOrder([pcs, npcs], "PCs", ["PCs", "PCs"])).toThrow(/each team once/);
  });
});
