import { describe, expect, it } from "vitest";
import { type SuccessEntryData, successEntryFromData } from "../../../src/rules/cavaliers/entryData.js";
import { SUCCESS_TABLES } from "../../../src/rules/cavaliers/tables.js";

// A success-table entry as a specialty item or a pack stores it (flat fields) reads back as the rules' entry.
const stored = (over: Partial<SuccessEntryData>): SuccessEntryData => ({ id: "x", name: "X", cost: 2, repeatable: true, effect: "negate", amount: 0, status: "", on: "", condition: "", ...over });

describe("cavaliers success entries stored as data", () => {
  it("Yield, Wounds, Reduce Yield and Heal take the amount", () => {
    for (const effect of ["inflict-yield", "inflict-wound", "reduce-yield", "heal-wound"] as const) {
      expect(successEntryFromData(stored({ effect, amount: 2 })).effect).toEqual({ kind: effect, amount: 2 });
    }
  });

  it("Survive for hours reads the amount as hours", () => {
    expect(successEntryFromData(stored({ effect: "survive-hours", amount: 8 })).effect).toEqual({ kind: "survive-hours", hours: 8 });
  });

  it("a status lands on the buyer only when stored as self; anything else means the opponent", () => {
    expect(successEntryFromData(stored({ effect: "status", status: "riposte", on: "self" })).effect).toEqual({ kind: "status", status: "riposte", on: "self" });
    expect(successEntryFromData(stored({ effect: "status", status: "disarm", on: "opponent" })).effect).toEqual({ kind: "status", status: "disarm", on: "opponent" });
    expect(successEntryFromData(stored({ effect: "status", status: "disarm", on: "" })).effect).toMatchObject({ on: "opponent" });
  });

  it("effects without numbers keep only their kind", () => {
    for (const effect of ["increase-advantage", "decrease-opponent-advantage", "gain-style", "negate", "regain-consciousness"] as const) {
      expect(successEntryFromData(stored({ effect, amount: 3 })).effect).toEqual({ kind: effect });
    }
  });

  it("keeps id, name, cost and the repeat flag; an empty condition is none", () => {
    expect(successEntryFromData(stored({ id: "negate", name: "Negate Attack", cost: 1, repeatable: false, condition: "" }))).toEqual({ id: "negate", name: "Negate Attack", cost: 1, repeatable: false, effect: { kind: "negate" } });
    expect(successEntryFromData(stored({ condition: "when-defending" })).condition).toBe("when-defending");
  });

  it("every built-in entry survives a trip through its stored form", () => {
    for (const table of Object.values(SUCCESS_TABLES)) {
      for (const entry of table.entries) {
        const effect = entry.effect;
        const data = stored({
          id: entry.id,
          name: entry.name,
          cost: entry.cost,
          repeatable: entry.repeatable,
          effect: effect.kind,
          amount: "amount" in effect ? effect.amount : "hours" in effect ? effect.hours : 0,
          status: effect.kind === "status" ? effect.status : "",
          on: effect.kind === "status" ? effect.on : "",
          condition: entry.condition ?? "",
        });
        expect(successEntryFromData(data)).toEqual(entry);
      }
    }
  });
});
