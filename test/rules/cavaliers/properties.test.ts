import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces, seededDice } from "../../../src/core/dice/source.js";
import { cavaliersRules } from "../../../src/rules/cavaliers/index.js";
import { Refusal } from "../../../src/rules/cavaliers/refusal.js";
import { entriesFor, validateSpend } from "../../../src/rules/cavaliers/spend.js";
import { SUCCESS_TABLES } from "../../../src/rules/cavaliers/tables.js";

const tableIds = Object.keys(SUCCESS_TABLES);
const allEntryIds = [...new Set(Object.values(SUCCESS_TABLES).flatMap((table) => table.entries.map((entry) => entry.id))), "yielded-out-wound", "nonsense"];

const participant = fc.record({
  attribute: fc.constantFrom(6, 8, 10),
  competency: fc.constantFrom(0, 6, 8, 10, 12),
  ranks: fc.integer({ min: 0, max: 3 }),
  wounds: fc.integer({ min: 0, max: 3 }),
  drop: fc.integer({ min: 0, max: 3 }),
});

describe("cavaliers properties", () => {
  it("property: SP spent never exceed the SP available in any accepted spend", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tableIds),
        fc.constantFrom("attacking", "defending", "acting") as fc.Arbitrary<"attacking" | "defending" | "acting">,
        fc.array(fc.constantFrom(...allEntryIds), { maxLength: 8 }),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        (tableId, role, purchases, available, yieldedOut) => {
          const table = SUCCESS_TABLES[tableId];
          if (!table) return;
          const context = { role, defence: "parry" as const, attack: "lunge" as const, targetYieldedOut: yieldedOut };
          try {
            const plan = validateSpend(entriesFor(table, context), purchases, available, context);
            expect(plan.cost).toBeLessThanOrEqual(available);
            expect(plan.cost + plan.unused).toBe(available);
          } catch (error) {
            expect(error).toBeInstanceOf(Refusal);
          }
        },
      ),
    );
  });

  it("property: replaying an attack's recorded faces gives the identical outcome", () => {
    const attack = cavaliersRules.actions.attack;
    if (!attack) throw new Error("no attack action");
    fc.assert(
      fc.property(participant, participant, fc.integer({ min: 0, max: 1e9 }), fc.constantFrom("parry", "block", "dodge"), (a, d, seed, defence) => {
        const request = { attack: "lunge", defence, attacker: { name: "A", type: "minor", yieldLimit: 9, ...a }, defender: { name: "D", type: "minor", yieldLimit: 9, ...d }, spend: [] };
        const first = attack.resolve(request, new DiceTray(seededDice(seed)));
        const replay = attack.resolve(request, new DiceTray(givenFaces(first.dice.map((die) => die.face))));
        expect(replay).toEqual(first);
      }),
    );
  });

  it("property: replaying an initiative roll's faces (roll-offs too) gives the identical order", () => {
    const initiative = cavaliersRules.actions.initiative;
    if (!initiative) throw new Error("no initiative action");
    fc.assert(
      fc.property(fc.array(participant, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 1e9 }), (rollers, seed) => {
        const request = { combatants: rollers.map((r, i) => ({ name: `C${i}`, type: "minor", specialty: "impulse", attribute: r.attribute, competency: r.competency, ranks: r.ranks })) };
        const first = initiative.resolve(request, new DiceTray(seededDice(seed)));
        const replay = initiative.resolve(request, new DiceTray(givenFaces(first.dice.map((die) => die.face))));
        expect(replay).toEqual(first);
      }),
    );
  });

  it("property: an attack's SP never exceed its total, and more Drop never raises it", () => {
    const attack = cavaliersRules.actions.attack;
    if (!attack) throw new Error("no attack action");
    fc.assert(
      fc.property(participant, fc.integer({ min: 0, max: 1e9 }), (a, seed) => {
        const request = (drop: number) => ({ attack: "lunge", defence: "dodge", attacker: { name: "A", type: "minor", yieldLimit: 9, ...a, wounds: 0, drop }, defender: { name: "D", type: "minor", attribute: 6 } });
        const faces = Array.from({ length: 10 }, (_v, i) => 1 + ((seed >> i) % 6));
        const low = attack.resolve(request(0), new DiceTray(givenFaces(faces)));
        const high = attack.resolve(request(a.drop + 1), new DiceTray(givenFaces(faces)));
        const read = (o: typeof low) => (o.result as { attacker: { total: number; successPoints: number } }).attacker;
        expect(read(low).successPoints).toBeLessThanOrEqual(read(low).total);
        expect(read(high).total).toBeLessThanOrEqual(read(low).total);
      }),
    );
  });
});
