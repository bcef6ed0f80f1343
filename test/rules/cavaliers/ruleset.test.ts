import { describe, expect, it } from "vitest";

// The ruleset is imported inside each test rather than at the top of the file: an option or a name
// that stops the module from loading then fails these tests by name. (A test file whose top-level
// import throws collects no tests, and the mutation runner reads that as nothing failing.)
const load = async () => (await import("../../../src/rules/cavaliers/index.js")).cavaliersRules;

describe("The Queen's Cavaliers as a ruleset", () => {
  it("names its game as the book does: The Queen's Cavaliers", async () => {
    expect(await load()).toMatchObject({ id: "cavaliers", game: "The Queen's Cavaliers" });
  });

  it("has two house options, both on unless the table turns them off: Drop keeps a pool's last die, and Seize the Initiative once a round", async () => {
    expect((await load()).options).toEqual({
      keepOneDie: { kind: "boolean", default: true, summary: expect.any(String) },
      seizeOncePerRound: { kind: "boolean", default: true, summary: expect.any(String) },
    });
  });

  it("offers every action of the game's combat chapter, and no other", async () => {
    expect(Object.keys((await load()).actions)).toEqual(["attack", "skill", "flourish", "initiative", "focus", "spend-initiative", "join", "turn", "assist", "survival", "rest", "end-combat"]);
  });
});
