import { describe, expect, it } from "vitest";
import { readCheck, readSave, rollSave } from "../../src/core/dice/d20.js";
import { DiceTray, givenFaces } from "../../src/core/dice/source.js";

describe("d20 checks and saving throws", () => {
  it("RULINGS torchlight / seed 004 §Damage example: ST 12, roll 9 = fail", () => {
    expect(readSave(9, 12).success).toBe(false);
    expect(readSave(12, 12).success).toBe(true);
  });

  it("a check succeeds at or under the DC", () => {
    expect(readCheck(11, 11).success).toBe(true);
    expect(readCheck(12, 11).success).toBe(false);
  });

  it("flags a natural 20 on either roll", () => {
    expect(readCheck(20, 13)).toMatchObject({ success: false, natural20: true });
    const tray = new DiceTray(givenFaces([20]));
    expect(rollSave(tray, 15, "dex save")).toEqual({ kind: "save", roll: 20, target: 15, success: true, natural20: true });
    expect(tray.rolled).toEqual([{ label: "dex save", sides: 20, face: 20 }]);
  });
});
