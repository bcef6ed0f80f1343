import { describe, expect, it } from "vitest";
import {
  ACTOR_TYPES,
  ADVANTAGE_STEPS,
  AIMED_WEAPONS,
  ASSIST_CAP_WEIGHT,
  COMBINED_ACTIONS,
  COMBINED_CAP,
  DEFENCES_AGAINST,
  FLOURISH_OPPOSITION,
  INITIATIVE_COSTS,
  NO_ITEM_DIE,
  RANGE_BANDS,
  REST_DAYS_FULL_HEAL,
  REST_DAYS_PER_WOUND,
  STANDARD_OPPOSITION,
  SUCCESS_TABLES,
  SURVIVAL_OPPOSITION,
  type SuccessEntry,
  WOUND_DROP_SKILLS,
  YIELDED_OUT_ENTRY,
} from "../../../src/rules/cavaliers/tables.js";

// The Queen's Cavaliers' tables as RULINGS.md (cavaliers, seed 000) and docs/rules/cavaliers.md list
// them, entry by entry: a changed cost, a lost entry or a flipped flag in src/rules/cavaliers/tables.ts
// fails here. Each entry reads "id: Name, cost SP, once|again, what it does[, when]".
function describeEntry(entry: SuccessEntry): string {
  const effect = entry.effect;
  const does =
    effect.kind === "status"
      ? `${effect.on === "self" ? "the buyer" : "the opponent"} gains ${effect.status}`
      : effect.kind === "survive-hours"
        ? `survive ${effect.hours} hours`
        : "amount" in effect
          ? `${effect.kind} ${effect.amount}`
          : effect.kind;
  return `${entry.id}: ${entry.name}, ${entry.cost} SP, ${entry.repeatable ? "again" : "once"}, ${does}${entry.condition ? `, ${entry.condition}` : ""}`;
}

const table = (id: string) => SUCCESS_TABLES[id]?.entries.map(describeEntry);

const YIELD = (cost: number) => `inflict-yield: Inflict 1 Yield, ${cost} SP, again, inflict-yield 1`;
const WOUND = (cost: number) => `inflict-wound: Inflict 1 Wound, ${cost} SP, again, inflict-wound 1`;
const ADVANTAGE = (cost: number) => `increase-advantage: Increase Advantage, ${cost} SP, again, increase-advantage`;
const REDUCE_YIELD = (cost: number) => `reduce-yield: Reduce Yield Taken, ${cost} SP, again, reduce-yield 1`;
const STYLE = "gain-style: Gain 1 Style Point, 3 SP, again, gain-style";
const NEGATE = "negate: Negate Attack, 1 SP, once, negate, when-defending";

describe("cavaliers success tables (RULINGS.md cavaliers: Success tables)", () => {
  it("Lunge: 1 Yield per SP, 2 Advantage, 3 Style, 4 Wound, 5 Break Weapon only against a failed Parry", () => {
    expect(SUCCESS_TABLES.lunge).toMatchObject({ id: "lunge", name: "Lunge" });
    expect(table("lunge")).toEqual([YIELD(1), ADVANTAGE(2), STYLE, WOUND(4), "break-weapon: Break Weapon, 5 SP, once, the opponent gains break-weapon, vs-failed-parry"]);
  });

  it("Feint: 1 Advantage, 2 per Yield, 3 Style, 4 Riposte, 5 Disarm", () => {
    expect(SUCCESS_TABLES.feint).toMatchObject({ id: "feint", name: "Feint" });
    expect(table("feint")).toEqual([
      ADVANTAGE(1),
      YIELD(2),
      STYLE,
      "riposte: Execute a Riposte, 4 SP, once, the buyer gains riposte",
      "disarm: Disarm, 5 SP, once, the opponent gains disarm",
    ]);
  });

  it("Aim: 2 per Yield, 3 Style, 3 Wound, 4 Free Reload, 4 Knockdown", () => {
    expect(SUCCESS_TABLES.aim).toMatchObject({ id: "aim", name: "Aim" });
    expect(table("aim")).toEqual([
      YIELD(2),
      STYLE,
      WOUND(3),
      "free-reload: Free Reload, 4 SP, once, the buyer gains free-reload",
      "knockdown: Knockdown, 4 SP, once, the opponent gains knockdown",
    ]);
  });

  it("Brawl: 1 Yield, 1 Negate Brawl (defending), 2 Achieve Hold, 2 Break Hold, 3 Style, 3 Knockdown, 5 Disarm", () => {
    expect(SUCCESS_TABLES.brawl).toMatchObject({ id: "brawl", name: "Brawl" });
    expect(table("brawl")).toEqual([
      YIELD(1),
      "negate: Negate Brawl Attack, 1 SP, once, negate, when-defending",
      "hold: Achieve Hold, 2 SP, once, the opponent gains hold",
      "break-hold: Break Hold, 2 SP, once, the buyer gains break-hold",
      STYLE,
      "knockdown: Knockdown, 3 SP, once, the opponent gains knockdown",
      "disarm: Disarm, 5 SP, once, the opponent gains disarm",
    ]);
  });

  it("Riposte: 1 Yield, 2 Decrease opponent's Advantage, 3 Style, 4 Wound", () => {
    expect(SUCCESS_TABLES.riposte).toMatchObject({ id: "riposte", name: "Riposte" });
    expect(table("riposte")).toEqual([YIELD(1), "decrease-advantage: Decrease Advantage, 2 SP, again, decrease-opponent-advantage", STYLE, WOUND(4)]);
  });

  it("Parry: 1 Negate, 2 Riposte, 3 Style, 4 Advantage, 5 Disarm but not against Brawl", () => {
    expect(SUCCESS_TABLES.parry).toMatchObject({ id: "parry", name: "Parry" });
    expect(table("parry")).toEqual([NEGATE, "riposte: Execute a Riposte, 2 SP, once, the buyer gains riposte", STYLE, ADVANTAGE(4), "disarm: Disarm, 5 SP, once, the opponent gains disarm, not-vs-brawl"]);
  });

  it("Block: 1 Negate, 2 per point of Reduce Yield, 3 Style, 4 Advantage", () => {
    expect(SUCCESS_TABLES.block).toMatchObject({ id: "block", name: "Block" });
    expect(table("block")).toEqual([NEGATE, REDUCE_YIELD(2), STYLE, ADVANTAGE(4)]);
  });

  it("Dodge: 1 Negate, 2 Advantage, 3 Style, 4 per point of Reduce Yield, 5 Free Move", () => {
    expect(SUCCESS_TABLES.dodge).toMatchObject({ id: "dodge", name: "Dodge" });
    expect(table("dodge")).toEqual([NEGATE, ADVANTAGE(2), STYLE, REDUCE_YIELD(4), "free-move: Free Move, 5 SP, once, the buyer gains free-move"]);
  });

  it("Non-Combat Skills in Combat: 2 per Yield, 3 Reduce Yield, 3 Advantage, 3 Style, 5 Wound", () => {
    expect(SUCCESS_TABLES["non-combat"]).toMatchObject({ id: "non-combat", name: "Non-Combat Skills in Combat" });
    expect(table("non-combat")).toEqual([YIELD(2), REDUCE_YIELD(3), ADVANTAGE(3), STYLE, WOUND(5)]);
  });

  it("seed 000 §Dying and Death, Survival Roll: 1 SP survive 8 hours, 2 SP regain consciousness, 4 SP heal 1 Wound", () => {
    expect(SUCCESS_TABLES.survival).toMatchObject({ id: "survival", name: "Survival Roll" });
    expect(table("survival")).toEqual([
      "survive-8-hours: Survive for 8 Hours, 1 SP, again, survive 8 hours",
      "regain-consciousness: Regain Consciousness, 2 SP, once, regain-consciousness",
      "heal-wound: Heal 1 Wound, 4 SP, again, heal-wound 1",
    ]);
  });

  it("seed 000 §Yield, Yielded Out: every attack on a PC fighting on at her limit adds 1 SP: Inflict 1 Wound", () => {
    expect(describeEntry(YIELDED_OUT_ENTRY)).toBe("yielded-out-wound: Inflict 1 Wound (Yielded Out), 1 SP, again, inflict-wound 1");
  });

  it("there are exactly these tables", () => {
    expect(Object.keys(SUCCESS_TABLES)).toEqual(["lunge", "feint", "aim", "brawl", "riposte", "parry", "block", "dodge", "non-combat", "survival"]);
  });
});

describe("cavaliers rule tables", () => {
  it("which defence answers which attack: Dodge answers all, Parry a Lunge, Feint or Brawl, Block a Lunge, Aim or Riposte, Brawl only a Brawl", () => {
    expect(DEFENCES_AGAINST).toEqual({
      lunge: ["parry", "block", "dodge"],
      feint: ["parry", "dodge"],
      aim: ["block", "dodge"],
      brawl: ["brawl", "parry", "dodge"],
      riposte: ["block", "dodge"],
    });
    expect(NO_ITEM_DIE).toEqual(["dodge"]);
  });

  it("Standard Opposition: Very Easy none, Easy 3d6, Moderate 3d8, Hard 3d10, Very Hard 3d12; Survival is Moderate and a Flourish Easy", () => {
    expect(STANDARD_OPPOSITION).toEqual({ "very-easy": 0, easy: 6, moderate: 8, hard: 10, "very-hard": 12 });
    expect(SURVIVAL_OPPOSITION).toBe("moderate");
    expect(FLOURISH_OPPOSITION).toBe("easy");
  });

  it("Advantage steps none, d6, d8, d10, d12", () => {
    expect(ADVANTAGE_STEPS).toEqual([0, 6, 8, 10, 12]);
  });

  it("IP costs (Seize / Interpose / Reprise): Impulse 1/2/3, Vigilance 3/1/2, Timing 2/3/1", () => {
    expect(INITIATIVE_COSTS).toEqual({ impulse: { seize: 1, interpose: 2, reprise: 3 }, vigilance: { seize: 3, interpose: 1, reprise: 2 }, timing: { seize: 2, interpose: 3, reprise: 1 } });
  });

  it("combined actions: Drop 0 drop weapon; 1 move, stand up, dismount, draw, sheathe, switch hands, imbibe, arm a grenade; 2 run, retrieve, improvise, mount, reload pistol or crossbow; 3 reload musket", () => {
    expect(COMBINED_ACTIONS).toEqual({
      "drop-weapon": 0,
      move: 1,
      "stand-up": 1,
      dismount: 1,
      "draw-weapon": 1,
      "sheathe-weapon": 1,
      "switch-hands": 1,
      "imbibe-draught": 1,
      "arm-grenade": 1,
      run: 2,
      "retrieve-weapon": 2,
      "improvise-weapon": 2,
      "mount-horse": 2,
      "reload-pistol": 2,
      "reload-crossbow": 2,
      "reload-musket": 3,
    });
    expect(COMBINED_CAP).toBe(4);
    expect(ASSIST_CAP_WEIGHT).toBe(2);
  });

  it("Wound Drop falls on Parry, Block, Dodge, Lunge, Feint, Riposte, Aim and Brawl", () => {
    expect([...WOUND_DROP_SKILLS].sort()).toEqual(["aim", "block", "brawl", "dodge", "feint", "lunge", "parry", "riposte"]);
  });

  it("range bands start at Close 0, Short 1, Medium 3, Long 5", () => {
    expect(RANGE_BANDS).toEqual([
      { band: "close", from: 0 },
      { band: "short", from: 1 },
      { band: "medium", from: 3 },
      { band: "long", from: 5 },
    ]);
  });

  it("aimed weapons' Drop by band (null: out of reach)", () => {
    expect(AIMED_WEAPONS).toEqual({
      "flintlock-pistol": { close: 0, short: 0, medium: 2, long: null },
      "flintlock-musket": { close: 1, short: 0, medium: 0, long: 2 },
      crossbow: { close: 0, short: 0, medium: 0, long: 2 },
      "hunting-bow": { close: 1, short: 0, medium: 1, long: 2 },
      "thrown-dagger": { close: 0, short: 0, medium: null, long: null },
    });
  });

  it("seed 000 §Healing Wounds: two days' rest heal a Wound, six heal all", () => {
    expect(REST_DAYS_PER_WOUND).toBe(2);
    expect(REST_DAYS_FULL_HEAL).toBe(6);
  });

  it("actor types: Yield Limit from the competency die's maximum c, Wound Drops, Dying mark and Style cap", () => {
    const limits = (c: number) => Object.fromEntries(Object.entries(ACTOR_TYPES).map(([type, rules]) => [type, rules.yieldLimit(c)]));
    // PC and Minor 3 + c, Major 6 + c, Stock 3 + ⌊c/2⌋, Rabble 3.
    expect(limits(0)).toEqual({ pc: 3, minor: 3, major: 6, stock: 3, rabble: 3 });
    expect(limits(8)).toEqual({ pc: 11, minor: 11, major: 14, stock: 7, rabble: 3 });
    expect(limits(10)).toEqual({ pc: 13, minor: 13, major: 16, stock: 8, rabble: 3 });
    expect(Object.fromEntries(Object.entries(ACTOR_TYPES).map(([type, rules]) => [type, { ...rules.woundTrack, maxStyle: rules.maxStyle }]))).toEqual({
      pc: { drops: [1, 2, 4], limit: 4, maxStyle: 3 },
      minor: { drops: [1, 2, 4], limit: 4, maxStyle: 3 },
      major: { drops: [0, 1, 2, 4], limit: 5, maxStyle: 6 },
      stock: { drops: [1], limit: 2, maxStyle: 1 },
      rabble: { drops: [], limit: 1, maxStyle: 1 },
    });
  });
});
