import { describe, expect, it, vi } from "vitest";
import { runCli } from "../../src/cli/run.js";

// Issue 7, item 10: fighters that cannot hurt each other must not keep a duel going for long. The
// real cap (LIMITS.duelRounds) takes seconds of stalemate to reach, so this file lowers it.
vi.mock("../../src/cli/limits.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/cli/limits.js")>();
  return { LIMITS: { ...real.LIMITS, duelRounds: 450 } };
});

// Armor 100 against a d8: neither can hurt the other, so every bout lasts all its rounds.
const fighter = (name: string) => ({ name, initiative: 3, defense: 11, armor: { physical: 100 }, resolve: 12, maxResolve: 12, stamina: 2, control: 1, weapon: { attack: "1d20+2", damage: "1d8+1", damageType: "physical" } });
const stalemate = JSON.stringify({ ruleset: "personal", a: fighter("A"), b: fighter("B") });

describe("a duel's rounds in all", () => {
  it("stop at the cap with one line naming it and how many bouts were fought", () => {
    const result = runCli(["duel", "--runs", "10000", "--rounds", "100"], () => stalemate);
    expect(result).toEqual({ stdout: "", stderr: "duel: more than 450 rounds fought in all after 5 bouts, the most one duel may fight; lower --runs or --rounds\n", code: 2 });
  });

  it("up to the cap, the duel is reported", () => {
    const result = runCli(["duel", "--runs", "4", "--rounds", "100"], () => stalemate);
    expect(JSON.parse(result.stdout)).toMatchObject({ runs: 4, wins: { a: 0, b: 0, none: 4 }, averageRounds: 100 });
  });
});
