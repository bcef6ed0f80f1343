import { describe, expect, it } from "vitest";
import { DiceTray, givenFaces } from "../../../src/core/dice/source.js";
import { readArmour } from "../../../src/core/dice/successPool.js";
import { situationDice, stanceOfChoice } from "../../../src/rules/drama/choices.js";
import { tracksOf } from "../../../src/rules/drama/combatant.js";
import { shieldBashGrit } from "../../../src/rules/drama/options.js";
import { shieldPatterns } from "../../../src/rules/drama/patterns.js";
import { armourPool, basePool, dramaPool, meleePools, militarySplit, momentumModifier, PoolError, resistancePool } from "../../../src/rules/drama/pools.js";
import { DRAMA_OPTIONS } from "../../../src/rules/drama/options.js";
import {
  ARMOUR_ITEMS,
  ARMOUR_SETS,
  DISADVANTAGE_BASE,
  DOUBLE_DISADVANTAGE_BASE,
  harnessDice,
  MELEE_SITUATIONS,
  RANGED_BONUSES,
  RANGED_TABLE,
  SHIELD_DICE,
  SHIELD_SIZES,
  SHIELD_TRIPLE_DICE,
  STANCE_TABLE,
  STANCES,
  WEAPON_CLASSES,
  WEAPON_TABLE,
} from "../../../src/rules/drama/tables.js";
import { rollSide } from "../../../src/rules/drama/round.js";
import { defaults, SEED, warrior } from "./fixtures.js";

const knight = { name: "Knight", physical: 4, agility: 3, skill: 4, grit: 8, flesh: 8, weapon: "large" as const };

describe("pool building", () => {
  it(`${SEED} §Attribute + Skill: Physical 4 + mastery (+4) gives a base pool of 8`, () => {
    expect(basePool(knight).total).toBe(8);
  });

  it(`${SEED} §Attribute + Skill: an Expert (+5) is capped at +4 by Physical 4, still 8`, () => {
    const pool = basePool({ ...knight, skill: 5 });
    expect(pool.skill).toBe(4);
    expect(pool.total).toBe(8);
  });

  it(`${SEED} §Military Training Dice: a squire's 2 military dice go to Bd or Ad as chosen`, () => {
    const squire = { name: "Squire", physical: 3, agility: 3, skill: 2, grit: 5, flesh: 7, military: 2 };
    expect(basePool(squire).total).toBe(7);
    expect(basePool({ ...squire, militaryAsArmour: 1 }).total).toBe(6);
    expect(armourPool({ ...squire, militaryAsArmour: 1 }).total).toBe(4);
    expect(() => basePool({ ...squire, militaryAsArmour: 3 })).toThrow(PoolError);
  });

  it(`${SEED} §Persistent Penalties: a man-at-arms with a 2F wound and a failed composure test carries 2Rd`, () => {
    const manAtArms = { name: "Man-at-arms", physical: 3, agility: 3, skill: 3, grit: 5, flesh: 6, maxFlesh: 8, wounds: [{ flesh: 2, critical: false }], otherPenalties: 1 };
    expect(resistancePool(manAtArms).total).toBe(2);
    expect(resistancePool({ ...manAtArms, situationalResistance: 2 }).total).toBe(4);
  });

  it(`${SEED} §Determine Armor Protection: Agl 2 with a buckler rolls 5Ad, and {5,3,3,2,1} stops 1`, () => {
    const loser = { name: "Loser", physical: 2, agility: 2, skill: 2, grit: 4, flesh: 6, shield: "buckler" as const };
    const pool = armourPool(loser);
    expect(pool.total).toBe(5);
    const tray = new DiceTray(givenFaces([5, 3, 3, 2, 1]));
    expect(readArmour(Array.from({ length: pool.total }, () => tray.roll(6, "armour")))).toBe(1);
  });

  it("stances: Press +1Dd and +2 Momentum; Brace +Ad = weapon Flesh, no Rd; Defend +3Ad + weapon or shield; Evade builds on 2 × Agility", () => {
    expect(dramaPool(warrior).total).toBe(1);
    expect(momentumModifier(warrior)).toBe(2);
    expect(resistancePool(warrior).total).toBe(0);
    const brace = { ...knight, stance: "brace" as const };
    expect(armourPool(brace).stance).toBe(3);
    expect(resistancePool(brace).total).toBe(0);
    expect(momentumModifier(brace)).toBe(-2);
    expect(armourPool({ ...knight, stance: "defend", shield: "large" }).stance).toBe(3 + 5);
    expect(armourPool({ ...knight, stance: "defend" }).stance).toBe(3 + 3);
    expect(momentumModifier({ ...knight, stance: "evade" })).toBe(-6);
    expect(basePool({ ...knight, stance: "evade" }).total).toBe(6);
    const dramatic = { ...knight, stance: "dramatic" as const, dramatic: { base: 1, resistance: 2, drama: 3, armour: 4, momentum: 5 } };
    const pools = meleePools(dramatic);
    expect([pools.base.total, pools.resistance.total, pools.drama.total, pools.armour.stance, momentumModifier(dramatic)]).toEqual([9, 2, 3, 4, 5]);
  });

  it("disadvantage from last round adds (4 − Agility)Rd, doubly (8 − Agility)Rd", () => {
    expect(resistancePool({ ...knight, agility: 2, disadvantage: "disadvantaged" }).disadvantage).toBe(2);
    expect(resistancePool({ ...knight, agility: 1, disadvantage: "doubly" }).disadvantage).toBe(7);
    expect(resistancePool({ ...warrior, disadvantage: "disadvantaged" }).total).toBe(0);
  });

  it("armour sets sum their items: man-at-arms 8Ad, full plate 15Ad from its listed pieces", () => {
    expect(harnessDice(ARMOUR_SETS["man-at-arms"] ?? [])).toBe(8);
    expect(harnessDice(ARMOUR_SETS["full plate"] ?? [])).toBe(15);
  });

  it("a shield bearer's Bd triple adds 3Ad, a quad is marked for a Shield Bash", () => {
    const bearer = { ...knight, shield: "medium" as const };
    const tray = new DiceTray(givenFaces([3, 3, 3, 5, 2, 2, 2, 2]));
    const side = rollSide(bearer, meleePools(bearer), tray);
    expect(side.patterns).toEqual({ triples: 1, quad: true });
    expect(side.armourDice).toBe(3 + 4 + 3);
  });
});

describe("each piece of a pool counts", () => {
  it("a skill used with Agility builds on Agility and is capped by it", () => {
    const archer = { name: "Archer", physical: 2, agility: 4, skill: 5, skillAttribute: "agility" as const, grit: 4, flesh: 6 };
    expect(basePool(archer)).toEqual({ attribute: 4, skill: 4, situational: 0, military: 0, total: 8 });
    expect(basePool({ ...archer, skillAttribute: "physical" })).toEqual({ attribute: 2, skill: 2, situational: 0, military: 0, total: 4 });
  });

  it("the resistance pool adds penalties, situation, last round's disadvantage and a Dramatic stance's Rd", () => {
    const hurt = { name: "Hurt", physical: 2, agility: 2, skill: 2, grit: 0, maxGrit: 4, flesh: 6, situationalResistance: 2, disadvantage: "disadvantaged" as const, stance: "dramatic" as const, dramatic: { resistance: 1 } };
    expect(resistancePool(hurt)).toEqual({ penalties: 1, situational: 2, disadvantage: 2, stance: 1, total: 6 });
  });

  it("the armour pool adds Agility, harness, shield, stance, military dice and cover", () => {
    const guard = { name: "Guard", physical: 3, agility: 2, skill: 2, grit: 4, flesh: 6, weapon: "medium" as const, harness: 3, shield: "buckler" as const, stance: "brace" as const, military: 2, militaryAsArmour: 1, situationalArmour: 2 };
    expect(armourPool(guard)).toEqual({ agility: 2, harness: 3, shield: 3, stance: 2, military: 1, situational: 2, total: 13 });
  });

  it("a Dramatic stance's modifiers count only while the stance is Dramatic", () => {
    const pressing = { ...knight, stance: "press" as const, dramatic: { base: 2, resistance: 2, drama: 2, armour: 2, momentum: 2 } };
    const pools = meleePools(pressing);
    expect([pools.base.total, pools.resistance.total, pools.drama.total, pools.armour.total, momentumModifier(pressing)]).toEqual([8, 0, 1, 3, 2]);
  });

  it("military dice put into armour: none to all are allowed, fewer than none or more than trained refused", () => {
    const squire = { name: "Squire", physical: 3, agility: 3, skill: 2, grit: 5, flesh: 7, military: 2 };
    expect(militarySplit({ ...squire, militaryAsArmour: 0 })).toEqual({ base: 2, armour: 0 });
    expect(militarySplit({ ...squire, militaryAsArmour: 2 })).toEqual({ base: 0, armour: 2 });
    expect(() => militarySplit({ ...squire, militaryAsArmour: -1 })).toThrow(PoolError);
    expect(() => militarySplit({ ...squire, militaryAsArmour: 3 })).toThrow(/has 2 military training dice, cannot put 3 into armour/);
  });

  it("a pool that cannot be built is refused as a PoolError, a rules refusal", () => {
    expect(new PoolError("no").name).toBe("PoolError");
  });

  it("the situations named add their dice once each: defensive space and height 2Bd each, dusk 2Rd, darkness 4Rd", () => {
    expect(situationDice(["defensiveSpace", "heightAdvantage", "dusk", "darkness", "dusk"])).toEqual({ base: 4, resistance: 6 });
    expect(situationDice([])).toEqual({ base: 0, resistance: 0 });
  });

  it("a stance declared with the GM's Dramatic modifiers keeps them; one declared by name has none", () => {
    expect(stanceOfChoice({ stance: "dramatic", dramatic: { base: 1 } })).toEqual({ stance: "dramatic", dramatic: { base: 1 } });
    expect(stanceOfChoice({ stance: "press" })).toEqual({ stance: "press" });
    expect(stanceOfChoice("brace")).toEqual({ stance: "brace" });
  });

  it(`${SEED} §Shields: only a triple adds 3Ad (two triples 6Ad); a pair or a single die adds nothing; four of a kind is a quad, not a triple`, () => {
    expect(shieldPatterns([2, 2, 2, 5, 1])).toEqual({ triples: 1, quad: false });
    expect(shieldPatterns([2, 2, 2, 5, 5, 5])).toEqual({ triples: 2, quad: false });
    expect(shieldPatterns([4, 4, 4, 4, 1, 1])).toEqual({ triples: 0, quad: true });
  });

  it("a piece of harness the table does not know adds no dice", () => {
    expect(harnessDice(["brigandine", "no such piece"])).toBe(4);
  });

  it("a fighter's max Grit is her stat block's, or her current Grit when none is given", () => {
    expect(tracksOf({ name: "F", physical: 2, agility: 2, skill: 2, grit: 3, maxGrit: 6, flesh: 5, maxFlesh: 7 })).toMatchObject({ grit: 3, maxGrit: 6, flesh: 5, maxFlesh: 7 });
    expect(tracksOf({ name: "F", physical: 2, agility: 2, skill: 2, grit: 3, flesh: 5 })).toMatchObject({ maxGrit: 3, maxFlesh: 5 });
  });

  it("a Shield Bash deals the Grit set for each shield size, and none without a shield", () => {
    const options = { ...defaults, shieldBashGritImprovised: 1, shieldBashGritBuckler: 2, shieldBashGritMedium: 3, shieldBashGritLarge: 4 };
    expect((["none", "improvised", "buckler", "medium", "large"] as const).map((size) => shieldBashGrit(options, size))).toEqual([0, 1, 2, 3, 4]);
    expect((["improvised", "buckler", "medium", "large"] as const).map((size) => shieldBashGrit(defaults, size))).toEqual([1, 1, 2, 3]);
  });
});

describe("the rulebook's tables, as data", () => {
  it(`${SEED} §Weapons: unarmed 0F, small 1F, medium 2F, large 3F, extra large 4F, with the rulebook's examples`, () => {
    expect(WEAPON_CLASSES).toEqual(["unarmed", "small", "medium", "large", "extraLarge"]);
    expect(WEAPON_TABLE).toEqual({
      unarmed: { flesh: 0, examples: ["fist", "tankard", "hilt of dagger"] },
      small: { flesh: 1, examples: ["dagger", "club"] },
      medium: { flesh: 2, examples: ["short sword", "hunting bow"] },
      large: { flesh: 3, examples: ["spear", "axe", "sword", "long bow", "crossbow"] },
      extraLarge: { flesh: 4, examples: ["poleaxe", "lance"] },
    });
  });

  it(`${SEED} §Defensive Harness & Armour: every piece and its Ad, the two harnesses, the shields 2/3/4/5Ad and 3Ad a triple`, () => {
    expect(ARMOUR_ITEMS.map((item) => [item.name, item.dice])).toEqual([
      ["cloak or clothing", 1],
      ["heavy cloak", 2],
      ["leather cloak", 3],
      ["leather jack (light)", 2],
      ["leather jack (heavy)", 3],
      ["brigandine", 4],
      ["leather hood", 1],
      ["metal helm", 2],
      ["arming jack", 2],
      ["breastplate", 4],
      ["full helm", 3],
      ["plate arms", 3],
      ["plate legs", 3],
    ]);
    expect(ARMOUR_SETS).toEqual({ "man-at-arms": ["arming jack", "breastplate", "metal helm"], "full plate": ["arming jack", "breastplate", "full helm", "plate arms", "plate legs"] });
    expect(SHIELD_SIZES).toEqual(["none", "improvised", "buckler", "medium", "large"]);
    expect(SHIELD_DICE).toEqual({ none: 0, improvised: 2, buckler: 3, medium: 4, large: 5 });
    expect(SHIELD_TRIPLE_DICE).toBe(3);
  });

  it(`${SEED} §Declare Stance, with RULINGS' corrections: Press +2 Momentum +1Dd, Brace −2 and weapon Ad, Defend and Evade −6 and 3Ad`, () => {
    const plain = { momentum: 0, drama: 0, armour: 0, armourFromWeapon: false, armourFromWeaponOrShield: false, baseFromDoubleAgility: false, knockDownWhenWon: 0, footingWhenLost: 0, winLandsNoBlow: false };
    expect(STANCES).toEqual(["press", "stand", "brace", "defend", "evade", "dramatic"]);
    expect(STANCE_TABLE).toEqual({
      press: { ...plain, momentum: 2, drama: 1, knockDownWhenWon: 1, footingWhenLost: -1 },
      stand: plain,
      brace: { ...plain, momentum: -2, armourFromWeapon: true, knockDownWhenWon: -2, footingWhenLost: 1 },
      defend: { ...plain, momentum: -6, armour: 3, armourFromWeaponOrShield: true, winLandsNoBlow: true },
      evade: { ...plain, momentum: -6, armour: 3, baseFromDoubleAgility: true, winLandsNoBlow: true },
      dramatic: plain,
    });
  });

  it(`${SEED} §Opposed Melee Rolls: the situations' dice, and disadvantage as (4 − Agility)Rd or (8 − Agility)Rd`, () => {
    expect(MELEE_SITUATIONS).toEqual({
      defensiveSpace: { base: 2 },
      heightAdvantage: { base: 2 },
      poorFooting: { resistance: 2 },
      badWeather: { resistance: 2 },
      badWeatherSevere: { resistance: 4 },
      dusk: { resistance: 2 },
      darkness: { resistance: 4 },
      intoNarrowSpace: { resistance: 2 },
      heightDisadvantage: { resistance: 2 },
    });
    expect([DISADVANTAGE_BASE, DOUBLE_DISADVANTAGE_BASE]).toEqual([4, 8]);
  });

  it(`${SEED} §Situational modifiers for Ranged Attacks: each row from 0 to 8Rd, and +2Bd for a large target, bracing, aiming`, () => {
    expect(RANGED_TABLE).toEqual({
      range: { pointBlank: 0, close: 2, mid: 4, long: 6, far: 8 },
      visibility: { clear: 0, mistOrGlare: 2, rainOrDusk: 4, fogOrNearDark: 6, dark: 8 },
      wind: { none: 0, light: 2, modest: 4, strong: 6, storm: 8 },
      targetMove: { stationary: 0, walking: 2, dash: 4, run: 6, gallop: 8 },
      targetSize: { normal: 0, small: 2, head: 4, bullsEye: 6 },
    });
    expect(RANGED_BONUSES).toEqual({ largeTarget: 2, braced: 2, aiming: 2 });
  });

  it("the house defaults: loser's critical and marginal draw on, serious wounds not bleeding, Shield Bash 1/1/2/3 Grit (0 to 6)", () => {
    const { loserCriticalLimitedDamage, marginalDraw, seriousWoundsBleed, ...bash } = DRAMA_OPTIONS;
    expect([loserCriticalLimitedDamage, marginalDraw, seriousWoundsBleed].map((o) => [o.kind, o.default])).toEqual([
      ["boolean", true],
      ["boolean", true],
      ["boolean", false],
    ]);
    expect(Object.entries(bash).map(([name, o]) => [name, o.kind, o.default, o.min, o.max])).toEqual([
      ["shieldBashGritImprovised", "integer", 1, 0, 6],
      ["shieldBashGritBuckler", "integer", 1, 0, 6],
      ["shieldBashGritMedium", "integer", 2, 0, 6],
      ["shieldBashGritLarge", "integer", 3, 0, 6],
    ]);
  });
});
