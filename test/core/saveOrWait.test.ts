import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../src/core/dice/source.js";
import { actsInRound, rollSaveOrWait } from "../../src/core/initiative/saveOrWait.js";

describe("save-or-wait initiative", () => {
  it("success acts in round 1, failure waits for round 2; placement by save roll, highest first", () => {
    const tray = new DiceTray(givenFaces([12, 17, 4, 12]));
    const order = rollSaveOrWait(tray, [
      { name: "Riddic", st: 9 },
      { name: "Elsa", st: 7 },
      { name: "Tahula", st: 8 },
      { name: "Breyer", st: 10 },
    ]);
    expect(order.map((r) => r.name)).toEqual(["Elsa", "Riddic", "Breyer", "Tahula"]);
    expect(order.map((r) => r.actsFrom)).toEqual([1, 1, 1, 2]);
    const tahula = order.find((r) => r.name === "Tahula");
    expect(tahula && actsInRound(tahula, 1)).toBe(false);
    expect(tahula && actsInRound(tahula, 2)).toBe(true);
  });

  it("a combatant joining later rolls then, and waits one round on a failure", () => {
    const [late] = rollSaveOrWait(new DiceTray(givenFaces([3])), [{ name: "Late", st: 11 }], 4);
    expect(late).toMatchObject({ success: false, actsFrom: 5 });
    const [quick] = rollSaveOrWait(new DiceTray(givenFaces([11])), [{ name: "Quick", st: 11 }], 4);
    expect(quick).toMatchObject({ success: true, actsFrom: 4 });
  });
});
