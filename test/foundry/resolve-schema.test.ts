/**
 * A rules request that breaks its action's schema is refused before any rule runs, and the refusal
 * names where (src/foundry/cards/resolve.ts checks with Value.Check and walks down to the place).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { CardKind } from "../../src/foundry/cards/kinds.js";
import { bootWorld } from "./world.js";

let resolveOver: typeof import("../../src/foundry/cards/resolve.js").resolveOver;

// resolveOver reads the personal rules, which come with the personal chunk.
bootWorld("personal");
beforeAll(async () => {
  ({ resolveOver } = await import("../../src/foundry/cards/resolve.js"));
});

const kind = { id: "personal.attack", ruleset: "personal", action: "attack" } as unknown as CardKind;

describe("resolveOver's schema check", () => {
  it("names the deepest failing field and what it should have been", () => {
    const rules = { attacker: { name: "Ines", weapon: "sword" }, target: { name: "Bruno" } };
    expect(() => resolveOver(kind, rules, [])).toThrow("The request is malformed (/attacker/weapon: not object)");
  });

  it("names a wrong item in a list by its index", () => {
    const rules = { attacker: { name: "Ines", weapon: { attack: "1d6", damage: "1d6", damageType: "cut" } }, target: { name: "Bruno", defense: 10, resolve: 5, maxResolve: 5, stamina: 1, control: 1 }, lists: { zones: ["Head", 7] } };
    expect(() => resolveOver(kind, rules, [])).toThrow("(/lists/zones/1: not string)");
  });

  it("says a value of the right kind is not allowed (a field missing, a number out of bounds)", () => {
    const rules = { attacker: { name: "Ines", weapon: { attack: "1d6", damage: "1d6" } }, target: { name: "Bruno" } };
    expect(() => resolveOver(kind, rules, [])).toThrow("(/attacker/weapon: not allowed here)");
  });

  it("names the root when the request itself is not an object", () => {
    expect(() => resolveOver(kind, [] as unknown as Record<string, unknown>, [])).toThrow("(/: not object)");
  });
});
