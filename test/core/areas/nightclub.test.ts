import { describe, expect, it } from "vitest";
import { coverAgainst, lineOfSight, mapProblems, moveCheck, NIGHTCLUB, rangeBetween, rangeToMover } from "../../../src/core/areas/index.js";
import { NIGHTCLUB_PC_START } from "../../../src/core/areas/nightclub.js";

const SEED = "seed 002_f7d095e3e085910d";

describe("the nightclub reconstructed from seed 002", () => {
  it("is a sound map", () => {
    expect(mapProblems(NIGHTCLUB)).toEqual([]);
  });

  it(`${SEED} §Maps: the PCs might start in the entrance or alley (both are areas on the map, next to each other)`, () => {
    expect(NIGHTCLUB_PC_START).toEqual(["entrance", "alley"]);
    for (const area of NIGHTCLUB_PC_START) expect(NIGHTCLUB.areas.map((a) => a.id)).toContain(area);
    expect(moveCheck(NIGHTCLUB, "entrance", "alley").kind).toBe("move");
  });

  it(`${SEED} §Cover: a character in the bar has cover against a shot from the dance floor`, () => {
    expect(coverAgainst(NIGHTCLUB, "dance-floor", "bar").cover).toBe(true);
  });

  it(`${SEED} §Cover: the same character in the bar has no cover against an attack from the catwalk`, () => {
    expect(coverAgainst(NIGHTCLUB, "catwalk", "bar").cover).toBe(false);
  });

  it(`${SEED} §Cover: a character on the dance floor has no cover against a shot from the bar (the attacker's area does not count)`, () => {
    expect(coverAgainst(NIGHTCLUB, "bar", "dance-floor").cover).toBe(false);
  });

  it(`${SEED} §Cover: a character in the bar has cover against a shot from the DJ booth (one of the shortest paths has cover)`, () => {
    expect(rangeBetween(NIGHTCLUB, "dj-booth", "bar")).toBe(2);
    expect(coverAgainst(NIGHTCLUB, "dj-booth", "bar").cover).toBe(true);
  });

  it(`${SEED} §Range: entrance to dance floor is one, entrance to catwalk is two`, () => {
    expect(rangeBetween(NIGHTCLUB, "entrance", "dance-floor")).toBe(1);
    expect(rangeBetween(NIGHTCLUB, "entrance", "catwalk")).toBe(2);
  });

  it(`${SEED} §Range: from the entrance, a character moving between the catwalk and the dance floor is at range one`, () => {
    expect(rangeToMover(NIGHTCLUB, "entrance", ["catwalk", "dance-floor"])).toBe(1);
  });

  it(`${SEED} §Line of Sight: the alley sees the kitchen but not the bar`, () => {
    expect(lineOfSight(NIGHTCLUB, "alley", "kitchen")).toBe(true);
    expect(lineOfSight(NIGHTCLUB, "alley", "bar")).toBe(false);
  });

  it(`${SEED} §Line of Sight: the pool tables see the bar but not the kitchen`, () => {
    expect(lineOfSight(NIGHTCLUB, "pool-tables", "bar")).toBe(true);
    expect(lineOfSight(NIGHTCLUB, "pool-tables", "kitchen")).toBe(false);
  });

  it(`${SEED} §Line of Sight: a character in the DJ booth sees another in the DJ booth`, () => {
    expect(lineOfSight(NIGHTCLUB, "dj-booth", "dj-booth")).toBe(true);
  });

  it(`${SEED} §Line of Sight: catwalk and dance floor see each other but cannot move directly; they go through the DJ booth`, () => {
    expect(lineOfSight(NIGHTCLUB, "catwalk", "dance-floor")).toBe(true);
    expect(lineOfSight(NIGHTCLUB, "dance-floor", "catwalk")).toBe(true);
    expect(moveCheck(NIGHTCLUB, "catwalk", "dance-floor")).toEqual({ kind: "run", moves: 2, path: ["catwalk", "dj-booth", "dance-floor"] });
    expect(moveCheck(NIGHTCLUB, "dance-floor", "catwalk")).toEqual({ kind: "run", moves: 2, path: ["dance-floor", "dj-booth", "catwalk"] });
  });
});
