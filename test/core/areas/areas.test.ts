import { describe, expect, it } from "vitest";
import {
  AreaMapError,
  type AreaMap,
  coverAgainst,
  lineOfSight,
  lineOfSightToMover,
  mapProblems,
  moveCheck,
  rangeBetween,
  setDoor,
  validateMap,
} from "../../../src/core/areas/index.js";

const areas = (...ids: string[]) => ids.map((id) => ({ id }));

describe("map validation", () => {
  it("names unknown areas, duplicate ids, bad cover and non-door door fields", () => {
    const map: AreaMap = {
      name: "broken",
      areas: areas("a", "b", "a"),
      connections: [
        { from: "a", to: "z", kind: "two-way" },
        { from: "a", to: "b", kind: "sight", open: true },
        { from: "b", to: "a", kind: "two-way", cover: { c: 1, b: 3 } },
      ],
    };
    expect(mapProblems(map)).toEqual([
      'area id "a" is used twice',
      'connection #1 (a – z) names unknown area "z"',
      "connection #2 (a – b) is not a door, so it cannot be open, closed or transparent",
      "connection #3 (b – a): those two areas are already connected; draw one connection per pair",
      'connection #3 (b – a) has cover into "c", which is not one of its ends',
      'connection #3 (b – a) has cover 3 into "b"; cover is 1 or 2',
    ]);
    expect(() => validateMap(map)).toThrow(AreaMapError);
    expect(() => validateMap(map)).toThrow(/invalid map "broken": area id "a" is used twice/);
  });

  it("refuses queries about an area the map does not have", () => {
    const map: AreaMap = { areas: areas("a"), connections: [] };
    expect(() => rangeBetween(map, "a", "nowhere")).toThrow(/unknown area "nowhere"/);
  });
});

describe("connections", () => {
  const map: AreaMap = {
    areas: areas("roof", "street", "shop", "back", "vault", "hall"),
    connections: [
      { from: "roof", to: "street", kind: "one-way" },
      { from: "street", to: "shop", kind: "door", open: false },
      { from: "shop", to: "back", kind: "door", open: false, transparent: true },
      { from: "back", to: "vault", kind: "two-way" },
      { from: "street", to: "hall", kind: "sight-blocked" },
      { from: "hall", to: "vault", kind: "two-way" },
    ],
  };

  it("a one-way arrow carries movement one way and sight both ways", () => {
    expect(moveCheck(map, "roof", "street").kind).toBe("move");
    expect(moveCheck(map, "street", "roof").kind).toBe("unreachable");
    expect(lineOfSight(map, "street", "roof")).toBe(true);
    expect(rangeBetween(map, "street", "roof")).toBe(1);
  });

  it("a closed door blocks movement and sight; opened, it is a two-way line", () => {
    expect(moveCheck(map, "street", "shop").kind).toBe("unreachable");
    expect(lineOfSight(map, "street", "shop")).toBe(false);
    expect(rangeBetween(map, "street", "shop")).toBeNull();
    const opened = setDoor(map, "shop", "street", true);
    expect(moveCheck(opened, "street", "shop").kind).toBe("move");
    expect(lineOfSight(opened, "street", "shop")).toBe(true);
    expect(map.connections[1]?.open).toBe(false);
    expect(() => setDoor(map, "roof", "street", true)).toThrow(/no door/);
  });

  it("a transparent closed door lets sight through but not movement", () => {
    expect(lineOfSight(map, "shop", "back")).toBe(true);
    expect(moveCheck(map, "shop", "back").kind).toBe("unreachable");
  });

  it("a sight-blocked X removes line of sight between its two areas and carries nothing", () => {
    const opened = setDoor(setDoor(map, "street", "shop", true), "shop", "back", true);
    expect(rangeBetween(opened, "street", "hall")).toBe(4);
    expect(lineOfSight(opened, "street", "hall")).toBe(false);
    expect(lineOfSight(opened, "street", "vault")).toBe(true);
    expect(moveCheck(opened, "street", "hall")).toEqual({ kind: "too-far", moves: 4, path: ["street", "shop", "back", "vault", "hall"] });
  });

  it("a mover is in sight when either of its two areas is", () => {
    expect(lineOfSightToMover(map, "street", ["shop", "roof"])).toBe(true);
    expect(lineOfSightToMover(map, "street", ["shop", "hall"])).toBe(false);
  });
});

describe("line of sight and cover counting", () => {
  // a → b → c → d, with marks placed per test
  const line = (cover: Array<Record<string, number> | undefined>): AreaMap => ({
    areas: areas("a", "b", "c", "d"),
    connections: [
      { from: "a", to: "b", kind: "two-way", ...(cover[0] ? { cover: cover[0] } : {}) },
      { from: "b", to: "c", kind: "two-way", ...(cover[1] ? { cover: cover[1] } : {}) },
      { from: "c", to: "d", kind: "two-way", ...(cover[2] ? { cover: cover[2] } : {}) },
    ],
  });

  it("two marks on the path block sight, one does not, and marks into the looker's own area never count", () => {
    expect(lineOfSight(line([{ b: 1 }, undefined, { d: 2 }]), "a", "d")).toBe(false);
    expect(lineOfSight(line([{ b: 1 }, undefined, undefined]), "a", "d")).toBe(true);
    expect(lineOfSight(line([{ a: 1 }, undefined, { d: 1 }]), "a", "d")).toBe(true);
    expect(lineOfSight(line([{ a: 1, b: 1 }, undefined, undefined]), "a", "d")).toBe(true);
    expect(lineOfSight(line([{ a: 1, b: 1 }, undefined, undefined]), "d", "a")).toBe(false);
  });

  it("sight holds when at least one shortest path crosses fewer than two marks (RULINGS: blocked only when every one does)", () => {
    const map: AreaMap = {
      areas: areas("a", "x", "y", "d"),
      connections: [
        { from: "a", to: "x", kind: "two-way", cover: { x: 1 } },
        { from: "x", to: "d", kind: "two-way", cover: { d: 1 } },
        { from: "a", to: "y", kind: "two-way" },
        { from: "y", to: "d", kind: "two-way", cover: { d: 1 } },
      ],
    };
    expect(lineOfSight(map, "a", "d")).toBe(true);
    const worse = { ...map, connections: map.connections.map((c) => (c.to === "y" ? { ...c, cover: { y: 1 } } : c)) };
    expect(lineOfSight(worse, "a", "d")).toBe(false);
  });

  it("cover only comes from a mark into the target's area on a shortest path, and reports the highest value", () => {
    const map: AreaMap = {
      areas: areas("a", "x", "y", "d", "far"),
      connections: [
        { from: "a", to: "x", kind: "two-way" },
        { from: "x", to: "d", kind: "two-way", cover: { d: 1 } },
        { from: "a", to: "y", kind: "two-way" },
        { from: "y", to: "d", kind: "two-way", cover: { d: 2, y: 1 } },
        { from: "a", to: "far", kind: "two-way" },
      ],
    };
    expect(coverAgainst(map, "a", "d")).toEqual({ cover: true, value: 2 });
    expect(coverAgainst(map, "d", "a")).toEqual({ cover: false, value: 0 });
    expect(coverAgainst(map, "d", "d")).toEqual({ cover: false, value: 0 });
    expect(coverAgainst(map, "d", "y")).toEqual({ cover: true, value: 1 });
  });
});
