import { describe, expect, it } from "vitest";
import { fighterKey, isFighterKey, tokenFighterKey } from "../../src/foundry/combat/fighter.js";

describe("fighterKey (issue 34: records belong to who fights, not to a combatant id)", () => {
  it("names a combatant on a token by its token, whatever its actor", () => {
    expect(fighterKey({ tokenId: "tok1", actorId: "act1" })).toBe("Token:tok1");
    expect(fighterKey({ tokenId: "tok2", actorId: "act1" })).toBe("Token:tok2");
    expect(tokenFighterKey("tok1")).toBe(fighterKey({ tokenId: "tok1", actorId: "other" }));
  });
  it("names a combatant without a token by its actor, and nothing by null", () => {
    expect(fighterKey({ tokenId: null, actorId: "act1" })).toBe("Actor:act1");
    expect(fighterKey({ tokenId: null, actorId: null })).toBeNull();
    expect(fighterKey(null)).toBeNull();
  });
  it("tells a key from a combatant id an older Fray stored, and keeps dots out of it", () => {
    expect(isFighterKey("Token:abc123")).toBe(true);
    expect(isFighterKey("abc123")).toBe(false);
    expect(isFighterKey("Token.abc123")).toBe(false);
    expect(fighterKey({ tokenId: "x" })).not.toContain(".");
  });
});
