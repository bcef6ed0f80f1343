/**
 * The Queen's Cavaliers' tables as plain data (mechanics from The Queen's Cavaliers by Caoimhe
 * Snow, CC BY 4.0). Functions take these as inputs so the Foundry layer can feed edited copies.
 */

export type AttackId = "lunge" | "feint" | "aim" | "brawl" | "riposte";
export type DefenceId = "parry" | "block" | "dodge" | "brawl";
export type ActorType = "pc" | "rabble" | "stock" | "minor" | "major";

/** What one purchase does; "self" is the buyer, "opponent" the other side of the roll. */
export type SpendEffect =
  | { kind: "inflict-yield"; amount: number }
  | { kind: "inflict-wound"; amount: number }
  | { kind: "increase-advantage" }
  | { kind: "decrease-opponent-advantage" }
  | { kind: "gain-style" }
  | { kind: "negate" }
  | { kind: "reduce-yield"; amount: number }
  | { kind: "status"; status: string; on: "self" | "opponent" }
  | { kind: "survive-hours"; hours: number }
  | { kind: "regain-consciousness" }
  | { kind: "heal-wound"; amount: number };

/** When an entry may be bought at all. */
export type EntryCondition = "when-defending" | "vs-failed-parry" | "not-vs-brawl";

export interface SuccessEntry {
  id: string;
  name: string;
  cost: number;
  /** Can be bought again in the same spend (each time at full cost). */
  repeatable: boolean;
  effect: SpendEffect;
  condition?: EntryCondition;
}

export interface SuccessTable {
  id: string;
  name: string;
  entries: readonly SuccessEntry[];
}

const yieldPer = (cost: number): SuccessEntry => ({ id: "inflict-yield", name: "Inflict 1 Yield", cost, repeatable: true, effect: { kind: "inflict-yield", amount: 1 } });
const wound = (cost: number): SuccessEntry => ({ id: "inflict-wound", name: "Inflict 1 Wound", cost, repeatable: true, effect: { kind: "inflict-wound", amount: 1 } });
const advantage = (cost: number): SuccessEntry => ({ id: "increase-advantage", name: "Increase Advantage", cost, repeatable: true, effect: { kind: "increase-advantage" } });
/** Gain 1 Style Point, on nearly every table and the only purchase of a Flourish. */
export const STYLE_ENTRY: SuccessEntry = { id: "gain-style", name: "Gain 1 Style Point", cost: 3, repeatable: true, effect: { kind: "gain-style" } };
const negate: SuccessEntry = { id: "negate", name: "Negate Attack", cost: 1, repeatable: false, effect: { kind: "negate" }, condition: "when-defending" };
const reduceYield = (cost: number): SuccessEntry => ({ id: "reduce-yield", name: "Reduce Yield Taken", cost, repeatable: true, effect: { kind: "reduce-yield", amount: 1 } });
const status = (id: string, name: string, cost: number, on: "self" | "opponent", condition?: EntryCondition): SuccessEntry => ({
  id,
  name,
  cost,
  repeatable: false,
  effect: { kind: "status", status: id, on },
  ...(condition ? { condition } : {}),
});

export const SUCCESS_TABLES: Readonly<Record<string, SuccessTable>> = {
  lunge: { id: "lunge", name: "Lunge", entries: [yieldPer(1), advantage(2), STYLE_ENTRY, wound(4), status("break-weapon", "Break Weapon", 5, "opponent", "vs-failed-parry")] },
  feint: { id: "feint", name: "Feint", entries: [advantage(1), yieldPer(2), STYLE_ENTRY, status("riposte", "Execute a Riposte", 4, "self"), status("disarm", "Disarm", 5, "opponent")] },
  aim: { id: "aim", name: "Aim", entries: [yieldPer(2), STYLE_ENTRY, wound(3), status("free-reload", "Free Reload", 4, "self"), status("knockdown", "Knockdown", 4, "opponent")] },
  brawl: {
    id: "brawl",
    name: "Brawl",
    entries: [
      yieldPer(1),
      { id: "negate", name: "Negate Brawl Attack", cost: 1, repeatable: false, effect: { kind: "negate" }, condition: "when-defending" },
      status("hold", "Achieve Hold", 2, "opponent"),
      status("break-hold", "Break Hold", 2, "self"),
      STYLE_ENTRY,
      status("knockdown", "Knockdown", 3, "opponent"),
      status("disarm", "Disarm", 5, "opponent"),
    ],
  },
  riposte: { id: "riposte", name: "Riposte", entries: [yieldPer(1), { id: "decrease-advantage", name: "Decrease Advantage", cost: 2, repeatable: true, effect: { kind: "decrease-opponent-advantage" } }, STYLE_ENTRY, wound(4)] },
  parry: { id: "parry", name: "Parry", entries: [negate, status("riposte", "Execute a Riposte", 2, "self"), STYLE_ENTRY, advantage(4), status("disarm", "Disarm", 5, "opponent", "not-vs-brawl")] },
  block: { id: "block", name: "Block", entries: [negate, reduceYield(2), STYLE_ENTRY, advantage(4)] },
  dodge: { id: "dodge", name: "Dodge", entries: [negate, advantage(2), STYLE_ENTRY, reduceYield(4), status("free-move", "Free Move", 5, "self")] },
  "non-combat": { id: "non-combat", name: "Non-Combat Skills in Combat", entries: [yieldPer(2), reduceYield(3), advantage(3), STYLE_ENTRY, wound(5)] },
  survival: {
    id: "survival",
    name: "Survival Roll",
    entries: [
      { id: "survive-8-hours", name: "Survive for 8 Hours", cost: 1, repeatable: true, effect: { kind: "survive-hours", hours: 8 } },
      { id: "regain-consciousness", name: "Regain Consciousness", cost: 2, repeatable: false, effect: { kind: "regain-consciousness" } },
      { id: "heal-wound", name: "Heal 1 Wound", cost: 4, repeatable: true, effect: { kind: "heal-wound", amount: 1 } },
    ],
  },
};

/**
 * Before the fight a roll's SP buy only Advantage, at the price of its specialty's own table where
 * that table buys it (the source: Prowl's Increase Advantage and Strategy's Increase Tactical
 * Advantage, 2 SP a step); any other skill pays the Non-Combat Skills table's price.
 */
export const BEFORE_COMBAT_ADVANTAGE: Readonly<Record<string, number>> = { prowl: 2, strategy: 2 };

/** Added to every attack's table against a PC who fights on at her Yield Limit (even Feint and Brawl). */
export const YIELDED_OUT_ENTRY: SuccessEntry = { id: "yielded-out-wound", name: "Inflict 1 Wound (Yielded Out)", cost: 1, repeatable: true, effect: { kind: "inflict-wound", amount: 1 } };

/** Which Defense specialty may answer which attack. Dodge answers every attack, Brawl included (RULINGS.md). */
export const DEFENCES_AGAINST: Readonly<Record<AttackId, readonly DefenceId[]>> = {
  lunge: ["parry", "block", "dodge"],
  feint: ["parry", "dodge"],
  aim: ["block", "dodge"],
  brawl: ["brawl", "parry", "dodge"],
  riposte: ["block", "dodge"],
};

/** Defences that take no item die. */
export const NO_ITEM_DIE: readonly DefenceId[] = ["dodge"];

/** Standard Opposition: three dice of one size; Very Easy needs no roll at all. */
export const STANDARD_OPPOSITION = { "very-easy": 0, easy: 6, moderate: 8, hard: 10, "very-hard": 12 } as const;
export type OppositionLevel = keyof typeof STANDARD_OPPOSITION;

export const ADVANTAGE_STEPS = [0, 6, 8, 10, 12] as const;

export type InitiativeSpecialty = "impulse" | "vigilance" | "timing";
export type InitiativeSpend = "seize" | "interpose" | "reprise";
export const INITIATIVE_COSTS: Readonly<Record<InitiativeSpecialty, Readonly<Record<InitiativeSpend, number>>>> = {
  impulse: { seize: 1, interpose: 2, reprise: 3 },
  vigilance: { seize: 3, interpose: 1, reprise: 2 },
  timing: { seize: 2, interpose: 3, reprise: 1 },
};

/** An Interpose reaches a target in her own Area, or in the next one with a combined Move. */
export const MAX_INTERPOSE_AREAS = 1;

/** Combined actions and the Drop each adds; Assist is not a combined action but counts 2 against the cap. */
export const COMBINED_ACTIONS: Readonly<Record<string, number>> = {
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
};
/** Combined actions of one round come to Drop 4 at most, with or without a rolled action. */
export const COMBINED_CAP = 4;
export const ASSIST_CAP_WEIGHT = 2;
/** The Areas each moving combined action covers; a turn moves two Areas at most. */
export const MOVEMENT_AREAS: Readonly<Record<string, number>> = { move: 1, run: 2 };
export const MAX_AREAS_PER_TURN = 2;

export interface ActorTypeRules {
  /** Yield Limit with no Wounds, from the competency die's maximum (0 when none). */
  yieldLimit: (competencyMax: number) => number;
  woundTrack: { drops: readonly number[]; limit: number };
  maxStyle: number;
}

export const ACTOR_TYPES: Readonly<Record<ActorType, ActorTypeRules>> = {
  pc: { yieldLimit: (c) => 3 + c, woundTrack: { drops: [1, 2, 4], limit: 4 }, maxStyle: 3 },
  minor: { yieldLimit: (c) => 3 + c, woundTrack: { drops: [1, 2, 4], limit: 4 }, maxStyle: 3 },
  major: { yieldLimit: (c) => 6 + c, woundTrack: { drops: [0, 1, 2, 4], limit: 5 }, maxStyle: 6 },
  stock: { yieldLimit: (c) => 3 + Math.floor(c / 2), woundTrack: { drops: [1], limit: 2 }, maxStyle: 1 },
  rabble: { yieldLimit: () => 3, woundTrack: { drops: [], limit: 1 }, maxStyle: 1 },
};

/** Skills whose rolls take the Wound Drop: all Defense and Dueling, and Military's Aim and Brawl. */
export const WOUND_DROP_SKILLS: readonly string[] = ["parry", "block", "dodge", "lunge", "feint", "riposte", "aim", "brawl"];

export type RangeBand = "close" | "short" | "medium" | "long";
/** The first range number of each band (range = areas away; 0 is the same area). */
export const RANGE_BANDS: readonly { band: RangeBand; from: number }[] = [
  { band: "close", from: 0 },
  { band: "short", from: 1 },
  { band: "medium", from: 3 },
  { band: "long", from: 5 },
];

/** Drop per band for an aimed weapon; null means it cannot reach that band. */
export type RangeDrops = Readonly<Record<RangeBand, number | null>>;
export const AIMED_WEAPONS: Readonly<Record<string, RangeDrops>> = {
  "flintlock-pistol": { close: 0, short: 0, medium: 2, long: null },
  "flintlock-musket": { close: 1, short: 0, medium: 0, long: 2 },
  crossbow: { close: 0, short: 0, medium: 0, long: 2 },
  "hunting-bow": { close: 1, short: 0, medium: 1, long: 2 },
  "thrown-dagger": { close: 0, short: 0, medium: null, long: null },
};

export const SURVIVAL_OPPOSITION: OppositionLevel = "moderate";
export const FLOURISH_OPPOSITION: OppositionLevel = "easy";
export const REST_DAYS_PER_WOUND = 2;
export const REST_DAYS_FULL_HEAL = 6;
