import { describe, expect, it } from "vitest";
import { digitsOf, gradePercentile } from "../../../src/core/dice/percentile.js";

// RULINGS.md (unhex, Roll): "doubles above the level and 100 are critical failures", whatever the level.
describe("a roll of 100 (0 and 0)", () => {
  it("is a critical failure even against a level of 100 or more, never a success", () => {
    for (const level of [99, 100, 120]) {
      expect(gradePercentile(digitsOf(100), level)).toMatchObject({ reading: 100, success: false, critical: true, grade: "critical-failure" });
    }
  });

  it("while 99 against a level of 100 is a critical success (doubles at or under the level)", () => {
    expect(gradePercentile(digitsOf(99), 100)).toMatchObject({ success: true, critical: true, grade: "critical-success" });
    expect(gradePercentile(digitsOf(98), 100)).toMatchObject({ success: true, critical: false, grade: "success" });
  });
});
