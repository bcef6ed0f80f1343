import { describe, expect, it } from "vitest";
import { boxesIn, isFull, type LocationTable, locationForDigit, markWounds } from "../../../src/core/tracks/locationBoxes.js";

const table: LocationTable = {
  overflowTo: "torso",
  locations: [
    { id: "head", name: "Head", digits: [9], rows: 1 },
    { id: "torso", name: "Torso", digits: [4, 5, 6], rows: 3 },
    { id: "leg", name: "Leg", digits: [0, 1, 2, 3, 7, 8], rows: 2 },
  ],
};

describe("location boxes", () => {
  it("counts boxes as rows × boxes per row and finds a location by digit", () => {
    expect(boxesIn(table, 3, "torso")).toBe(9);
    expect(boxesIn(table, 5, "leg")).toBe(10);
    expect(locationForDigit(table, 5).id).toBe("torso");
    expect(() => locationForDigit({ ...table, locations: [] }, 5)).toThrow(/no hit location/);
  });

  it("marks boxes where hit without touching the input", () => {
    const marked = { leg: 1 };
    const result = markWounds(table, 3, marked, "leg", 2);
    expect(result).toEqual({ marked: { head: 0, torso: 0, leg: 3 }, placed: [{ location: "leg", boxes: 2 }], filled: [], unplaced: 0 });
    expect(marked).toEqual({ leg: 1 });
  });

  it("fills a location, overflows the rest into the torso, and reports the location filled", () => {
    const result = markWounds(table, 3, { leg: 3 }, "leg", 4);
    expect(result.marked).toEqual({ head: 0, torso: 1, leg: 6 });
    expect(result.placed).toEqual([
      { location: "leg", boxes: 3 },
      { location: "torso", boxes: 1 },
    ]);
    expect(result.filled).toEqual(["leg"]);
    expect(isFull(table, 3, result.marked, "leg")).toBe(true);
  });

  it("a hit to a full location goes straight to the torso; a full torso leaves the rest unplaced", () => {
    const result = markWounds(table, 3, { head: 3, torso: 8 }, "head", 3);
    expect(result.placed).toEqual([{ location: "torso", boxes: 1 }]);
    expect(result.filled).toEqual(["torso"]);
    expect(result.unplaced).toBe(2);
  });
});
