import { describe, expect, it } from "vitest";
import { type AreaMap, type Connection, type ConnectionKind, coverAgainst, mapProblems, moveCheck, rangeToMover, setDoor, validateMap } from "../../../src/core/areas/index.js";
import { carriesMove, carriesSight, distancesFrom, moveSteps, sightBlockedBetween, sightSteps } from "../../../src/core/areas/graph.js";
import { NIGHTCLUB } from "../../../src/core/areas/nightclub.js";
import { AreaMapError } from "../../../src/core/areas/validate.js";

// The area graph's rules at their edges: which connection carries what, in which direction, which
// map is sound, and the corner cases of range, movement, doors and cover.
const areas = (...ids: string[]) => ids.map((id) => ({ id }));
const map = (connections: Connection[], ...ids: string[]): AreaMap => ({ areas: areas(...(ids.length ? ids : ["a", "b", "c"])), connections });
const line = (from: string, to: string, kind: ConnectionKind, extra: Partial<Connection> = {}): Connection => ({ from, to, kind, ...extra });

describe("what a connection carries", () => {
  it("sight passes along solid, dashed and one-way lines and open or glass doors; never along an X or a shut door", () => {
    expect(carriesSight(line("a", "b", "two-way"))).toBe(true);
    expect(carriesSight(line("a", "b", "sight"))).toBe(true);
    expect(carriesSight(line("a", "b", "one-way"))).toBe(true);
    expect(carriesSight(line("a", "b", "door", { open: true }))).toBe(true);
    expect(carriesSight(line("a", "b", "door", { transparent: true }))).toBe(true);
    expect(carriesSight(line("a", "b", "door"))).toBe(false);
    expect(carriesSight(line("a", "b", "sight-blocked"))).toBe(false);
  });

  it("movement passes along solid lines, one-way arrows in their direction and open doors; never along a dashed line or an X", () => {
    expect(carriesMove(line("a", "b", "two-way"), "b")).toBe(true);
    expect(carriesMove(line("a", "b", "one-way"), "a")).toBe(true);
    expect(carriesMove(line("a", "b", "one-way"), "b")).toBe(false);
    expect(carriesMove(line("a", "b", "door", { open: true }), "b")).toBe(true);
    expect(carriesMove(line("a", "b", "door", { transparent: true }), "a")).toBe(false);
    expect(carriesMove(line("a", "b", "sight"), "a")).toBe(false);
    expect(carriesMove(line("a", "b", "sight-blocked"), "a")).toBe(false);
  });

  it("the steps out of an area are exactly the connections that touch it and carry sight (or movement)", () => {
    const solid = line("a", "b", "two-way");
    const dashed = line("c", "a", "sight");
    const far = line("b", "c", "two-way");
    const m = map([solid, dashed, far]);
    expect(sightSteps(m, "a")).toEqual([
      { to: "b", connection: solid },
      { to: "c", connection: dashed },
    ]);
    expect(moveSteps(m, "a")).toEqual([{ to: "b", connection: solid }]);
    expect(moveSteps(m, "c")).toEqual([{ to: "b", connection: far }]);
  });

  it("a breadth-first walk asks for the steps of each area it reaches, once, and of nothing else", () => {
    const m = map([line("a", "b", "two-way"), line("b", "c", "two-way")]);
    const asked: unknown[] = [];
    const distance = distancesFrom("a", (area) => {
      asked.push(area);
      return sightSteps(m, area);
    });
    expect([...distance]).toEqual([
      ["a", 0],
      ["b", 1],
      ["c", 2],
    ]);
    expect(asked).toEqual(["a", "b", "c"]);
  });

  it("an X stands between its two areas whichever way it is drawn, and between no others", () => {
    const x = map([line("a", "b", "sight-blocked")]);
    expect(sightBlockedBetween(x, "a", "b")).toBe(true);
    expect(sightBlockedBetween(x, "b", "a")).toBe(true);
    expect(sightBlockedBetween(x, "a", "c")).toBe(false);
    expect(sightBlockedBetween(x, "c", "b")).toBe(false);
    expect(sightBlockedBetween(map([line("a", "c", "sight-blocked")]), "a", "b")).toBe(false);
    expect(sightBlockedBetween(map([line("c", "b", "sight-blocked")]), "a", "b")).toBe(false);
    expect(sightBlockedBetween(map([line("b", "c", "sight-blocked")]), "a", "b")).toBe(false);
    expect(sightBlockedBetween(map([line("c", "a", "sight-blocked")]), "a", "b")).toBe(false);
    expect(sightBlockedBetween(map([line("a", "b", "two-way")]), "a", "b")).toBe(false);
  });
});

describe("movement, doors, range and cover at their edges", () => {
  it("staying in one's own area is a stay of no moves", () => {
    expect(moveCheck(map([line("a", "b", "two-way")]), "a", "a")).toEqual({ kind: "stay", moves: 0, path: ["a"] });
    expect(moveCheck(map([line("a", "b", "two-way")]), "a", "b")).toEqual({ kind: "move", moves: 1, path: ["a", "b"] });
  });

  it("a door is found between its two areas in either order, even as the map's first connection, and only that door changes", () => {
    const door = line("b", "a", "door");
    const other = line("b", "c", "two-way");
    const m = map([door, other]);
    expect(setDoor(m, "a", "b", true).connections).toEqual([{ ...door, open: true }, other]);
    expect(setDoor(m, "b", "a", true).connections).toEqual([{ ...door, open: true }, other]);
    expect(() => setDoor(m, "b", "c", true)).toThrow(/no door between "b" and "c"/);
    expect(() => setDoor(m, "a", "c", true)).toThrow(AreaMapError);
    expect(() => setDoor(map([other, line("a", "c", "door")]), "a", "b", true)).toThrow(/no door/);
    expect(() => setDoor(map([other, line("c", "b", "door")]), "a", "b", true)).toThrow(/no door/);
  });

  it("a mover between an area in range and one out of reach is at the range of the one in reach; both out of reach is no range", () => {
    const m = map([line("a", "b", "two-way")]);
    expect(rangeToMover(m, "a", ["c", "b"])).toBe(1);
    expect(rangeToMover(m, "a", ["c", "c"])).toBeNull();
  });

  it("no path that carries sight means no cover", () => {
    expect(coverAgainst(map([line("a", "b", "two-way", { cover: { b: 2 } })]), "a", "c")).toEqual({ cover: false, value: 0 });
    expect(coverAgainst(map([line("a", "b", "two-way", { cover: { b: 2 } })]), "a", "b")).toEqual({ cover: true, value: 2 });
  });
});

describe("a sound map", () => {
  it("every kind of connection, doors open, shut and glass, and cover 1 or 2 into an end make no problem", () => {
    const sound = map(
      [
        line("a", "b", "two-way", { cover: { a: 1, b: 2 } }),
        line("b", "c", "sight"),
        line("c", "d", "one-way"),
        line("d", "e", "door", { open: true }),
        line("e", "f", "door", { transparent: true }),
        line("f", "a", "door"),
        line("a", "c", "sight-blocked"),
      ],
      "a",
      "b",
      "c",
      "d",
      "e",
      "f",
    );
    expect(mapProblems(sound)).toEqual([]);
    expect(validateMap(sound)).toBe(sound);
  });

  it("areas named so that their names run together are still different pairs", () => {
    expect(mapProblems(map([line("a", "bc", "two-way"), line("ab", "c", "two-way")], "a", "bc", "ab", "c"))).toEqual([]);
  });

  it("an area needs an id, a string that is not empty", () => {
    expect(mapProblems({ areas: [{ id: "" }], connections: [] })).toEqual(["an area has no id"]);
    expect(mapProblems({ areas: [{ id: 7 as unknown as string }], connections: [] })).toEqual(["an area has no id"]);
  });

  it("a connection must join two different known areas with a known kind; only a door opens, shuts or lets sight through", () => {
    expect(mapProblems(map([line("a", "a", "two-way")]))).toEqual(["connection #1 (a – a) joins an area to itself"]);
    expect(mapProblems(map([line("a", "b", "ramp" as ConnectionKind)]))).toEqual(['connection #1 (a – b) has unknown kind "ramp"']);
    expect(mapProblems(map([line("a", "b", "two-way", { transparent: false })]))).toEqual(["connection #1 (a – b) is not a door, so it cannot be open, closed or transparent"]);
    expect(mapProblems(map([line("a", "b", "two-way", { open: false })]))).toEqual(["connection #1 (a – b) is not a door, so it cannot be open, closed or transparent"]);
  });

  it("an X carries no cover", () => {
    expect(mapProblems(map([line("a", "b", "sight-blocked", { cover: { a: 1 } })]))).toEqual(["connection #1 (a – b) blocks sight, so it cannot carry cover"]);
  });

  it("the problem of a map is a refusal naming the map", () => {
    expect(() => validateMap({ name: "cellar", areas: areas("a"), connections: [line("a", "a", "two-way")] })).toThrow(/invalid map "cellar": connection #1/);
    expect(() => validateMap({ areas: areas("a"), connections: [line("a", "a", "two-way")] })).toThrow(/^invalid map: connection #1/);
    expect(new AreaMapError("x").name).toBe("AreaMapError");
  });
});

describe("seed 002 nightclub", () => {
  it("its areas carry the names a player reads: Entrance, Alley, Bar, Dance floor, Catwalk, DJ booth, Kitchen, Pool tables", () => {
    expect(NIGHTCLUB.name).toBe("nightclub");
    expect(NIGHTCLUB.areas.map((area) => area.name)).toEqual(["Entrance", "Alley", "Bar", "Dance floor", "Catwalk", "DJ booth", "Kitchen", "Pool tables"]);
  });
});
