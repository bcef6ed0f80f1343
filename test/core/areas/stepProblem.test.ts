import { describe, expect, it } from "vitest";
import { type AreaMap, type Connection, type ConnectionKind, doorBetween, stepProblem } from "../../../src/core/areas/index.js";

// One move takes a character into the next area along a line she may walk (seed 002 §Movement;
// RULINGS.md unhex): what stands in the way of each kind of line, in each direction.
const line = (from: string, to: string, kind: ConnectionKind, extra: Partial<Connection> = {}): Connection => ({ from, to, kind, ...extra });
const map = (...connections: Connection[]): AreaMap => ({ areas: [{ id: "a" }, { id: "b" }, { id: "c" }], connections });

describe("one step from area to area", () => {
  it("a solid line is walked either way, an open door too", () => {
    expect(stepProblem(map(line("a", "b", "two-way")), "a", "b")).toBeNull();
    expect(stepProblem(map(line("a", "b", "two-way")), "b", "a")).toBeNull();
    expect(stepProblem(map(line("a", "b", "door", { open: true })), "b", "a")).toBeNull();
  });

  it("a one-way arrow is walked only the way it points", () => {
    expect(stepProblem(map(line("a", "b", "one-way")), "a", "b")).toBeNull();
    expect(stepProblem(map(line("a", "b", "one-way")), "b", "a")).toBe("wrong-way");
  });

  it("a shut door, glass or not, stops the step", () => {
    expect(stepProblem(map(line("a", "b", "door")), "a", "b")).toBe("door-closed");
    expect(stepProblem(map(line("a", "b", "door", { open: false, transparent: true })), "a", "b")).toBe("door-closed");
  });

  it("nobody walks along a dashed line, nor along a dashed line with an X", () => {
    expect(stepProblem(map(line("a", "b", "sight")), "a", "b")).toBe("sight-only");
    expect(stepProblem(map(line("a", "b", "sight-blocked")), "b", "a")).toBe("sight-only");
  });

  it("areas with no line between them are not next to each other, and staying put is no step", () => {
    expect(stepProblem(map(line("a", "b", "two-way")), "a", "c")).toBe("not-adjacent");
    expect(stepProblem(map(line("a", "b", "two-way")), "a", "a")).toBe("same-area");
  });
});

describe("the door between two areas", () => {
  it("is found whichever way round the two areas are named", () => {
    const door = line("a", "b", "door");
    expect(doorBetween(map(door), "a", "b")).toBe(door);
    expect(doorBetween(map(door), "b", "a")).toBe(door);
  });

  it("is a door: a solid line between the same areas is none", () => {
    expect(doorBetween(map(line("a", "b", "two-way")), "a", "b")).toBeUndefined();
  });

  it("joins exactly those two: a door from either one to a third area is not it", () => {
    expect(doorBetween(map(line("c", "a", "door")), "a", "b")).toBeUndefined();
    expect(doorBetween(map(line("b", "c", "door")), "a", "b")).toBeUndefined();
    expect(doorBetween(map(line("a", "c", "door")), "a", "b")).toBeUndefined();
    expect(doorBetween(map(line("c", "b", "door")), "a", "b")).toBeUndefined();
  });
});
