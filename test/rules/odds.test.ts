import { describe, expect, it } from "vitest";
import { tallyFor } from "../../src/rules/odds.js";

describe("shared odds helpers", () => {
  it("an odds table lists every named event and number even when none ever arises: chance 0, no values, expectation 0", () => {
    // A ranged shot that cannot hit still reports a 0 chance of a hit and 0 Grit lost.
    const odds = tallyFor({ events: ["hit"], distributions: ["net"], expectations: ["gritLost"] }).odds();
    expect(odds).toStrictEqual({ chances: { hit: 0 }, distributions: { net: [] }, expected: { gritLost: 0, net: 0 }, cut: 0 });
  });

  it("names no expectation beyond the distributions when none is asked for", () => {
    expect(tallyFor({ events: ["success"], distributions: ["total"] }).odds().expected).toStrictEqual({ total: 0 });
  });
});
