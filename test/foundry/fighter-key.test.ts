import { describe, expect, it } from "vitest";
import { fighterKey } from "../../src/foundry/combat/fighter.js";

describe("fighterKey (issue 34: records belong to who fights, not to a combatant id)", () => {
  it("names a combatant on a token by its token, whatever its actor", () => {
    expect(fighterKey({ tokenId: "tok1", actorId: "act1" })).toBe("Token:tok1");
    expect(fighterKey({ tokenId: "tok2", actorId: "act1" })).toBe("Token:tok2");
  });
  it("names a combatant without a token by its actor, and nothing by null", () => {
    expect(fighterKey({ tokenId: null, actorId: "act1" })).toBe("Actor:act1");
    expect(fighterKey({ tokenId: null, actorId: null })).toBeNull();
    expect(fighterKey(null)).toBeNull();
  });
  it("keeps dots out of a key (it is a property name in dotted flag paths)", () => {
    expect(fighterKey({ tokenId: "x" })).not.toContain(".");
    expect(fighterKey({ actorId: "y" })).not.toContain(".");
  });
});
