import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyDamage, CHARACTERISTICS, characteristicOf, gainBreath, healCharacteristic, savingThrow, type Vitals, vitalsView } from "../../src/core/tracks/breath.js";
import { RuleError } from "../../src/core/ruleError.js";

function vitals(breath: number, dcs: Partial<Record<(typeof CHARACTERISTICS)[number], number>>, incapacitated = false): Vitals {
  const characteristics = Object.fromEntries(CHARACTERISTICS.map((c) => [c, { dc: dcs[c] ?? 10, max: dcs[c] ?? 10 }])) as Vitals["characteristics"];
  return { breath, maxBreath: breath, characteristics, incapacitated, dead: false };
}

const elsa = () => vitals(3, { str: 11, dex: 13, wil: 5 });

describe("Breath and Characteristics", () => {
  it("seed 004 §Characteristic Score Loss, Elsa's example: Breath 3, 6 physical → Breath 0, Str DC 11→8, ST 9→12", () => {
    const before = elsa();
    expect(savingThrow(before.characteristics.str)).toBe(9);
    const { vitals: after, toBreath, toCharacteristic } = applyDamage(before, 6, characteristicOf("slashing"));
    expect(toBreath).toBe(3);
    expect(toCharacteristic).toBe(3);
    expect(after.breath).toBe(0);
    expect(after.characteristics.str.dc).toBe(8);
    expect(savingThrow(after.characteristics.str)).toBe(12);
    expect(after.characteristics.dex.dc).toBe(13);
    expect(savingThrow(after.characteristics.wil)).toBe(15);
    expect(before.breath).toBe(3);
  });

  it("damage types map to their Characteristic", () => {
    expect(characteristicOf("cold")).toBe("dex");
    expect(characteristicOf("acid")).toBe("wil");
    expect(characteristicOf("necrotic")).toBe("san");
    expect(characteristicOf("charm")).toBe("luck");
    expect(() => characteristicOf("paperwork")).toThrow(RuleError);
  });

  it("the Incapacitated take damage straight to the Characteristic", () => {
    const { vitals: after } = applyDamage(vitals(4, { str: 6 }, true), 2, "str");
    expect(after.breath).toBe(4);
    expect(after.characteristics.str.dc).toBe(4);
  });

  it("a Characteristic at 0 is death, and the dead take no more", () => {
    const { vitals: after, wasted } = applyDamage(vitals(1, { wil: 3 }), 6, "wil");
    expect(after.characteristics.wil.dc).toBe(0);
    expect(after.dead).toBe(true);
    expect(wasted).toBe(2);
    expect(applyDamage(after, 3, "str").vitals).toBe(after);
  });

  it("Breath and rest are capped at their maxima", () => {
    expect(gainBreath({ ...elsa(), breath: 1 }, 4).breath).toBe(3);
    const hurt = applyDamage(elsa(), 6, "str").vitals;
    expect(healCharacteristic(hurt, "str", 4).characteristics.str.dc).toBe(11);
  });

  const arbitrary = fc.record({
    breath: fc.integer({ min: 0, max: 10 }),
    dc: fc.integer({ min: 1, max: 19 }),
    incapacitated: fc.boolean(),
    hits: fc.array(fc.tuple(fc.constantFrom(...CHARACTERISTICS), fc.integer({ min: 0, max: 12 })), { maxLength: 6 }),
  });

  it("property: DC + ST = 20 after any damage", () => {
    fc.assert(
      fc.property(arbitrary, ({ breath, dc, incapacitated, hits }) => {
        let current = vitals(breath, Object.fromEntries(CHARACTERISTICS.map((c) => [c, dc])), incapacitated);
        for (const [characteristic, amount] of hits) {
          current = applyDamage(current, amount, characteristic).vitals;
          const view = vitalsView(current);
          for (const c of CHARACTERISTICS) expect((view[`${c}Dc`] as number) + (view[`${c}St`] as number)).toBe(20);
        }
      }),
    );
  });

  it("property: damage is conserved (Breath lost + Characteristic lost = damage) until death", () => {
    fc.assert(
      fc.property(arbitrary, ({ breath, dc, incapacitated, hits }) => {
        let current = vitals(breath, Object.fromEntries(CHARACTERISTICS.map((c) => [c, dc])), incapacitated);
        for (const [characteristic, amount] of hits) {
          const before = current;
          const applied = applyDamage(current, amount, characteristic);
          current = applied.vitals;
          const lost = before.breath - current.breath + (before.characteristics[characteristic].dc - current.characteristics[characteristic].dc);
          if (!current.dead) expect(lost).toBe(amount);
          else expect(lost + applied.wasted).toBe(before.dead ? lost + amount : amount);
          if (before.dead) break;
        }
      }),
    );
  });
});
