/**
 * What a Beyond the Torchlight fight keeps between cards, on the Combat's flags
 * (`flags.fray.torchlight`): only a GM may write a Combat's flags (v13 BaseCombat#canUpdate lets a
 * player change round and turn alone), so what is queued there cannot come from a player's hand.
 * The GM writes it through the cards' Apply (recorded, so Undo takes it back) and through the
 * checked requests of the Combat Grid. Each part is keyed by fighter (combat/fighter.ts), so a combatant
 * deleted and created again keeps its cell, move and Retreat; a cleared entry is null.
 * A hand-edited flag is read field by field: what does not fit is ignored, never trusted.
 */
import { STANCES, type Stance, type StanceAbility } from "../../../../rules/torchlight/tables.js";

export const FLAG_SCOPE = "fray";
export const FLAG_KEY = "torchlight";
export const PHASES = ["players", "gm", "environment"] as const;
export type Phase = (typeof PHASES)[number];

export interface Cell {
  lane: number;
  stance: Stance;
}

/** One attack this round, waiting for the end of the round. */
export interface QueuedHit {
  round: number;
  target: string;
  amount: number;
  damageType: string;
  precisionStrike: boolean;
  melee: boolean;
  /** The Squad (side and lane) it was made in, if any. */
  squad: string | null;
  /** When it was dealt in its round (1 the first): the hits meet Breath in this order. 0: a hit stored before Fray kept the order. */
  seq: number;
}

/** A stance ability used this round. */
export interface UsedAbility {
  round: number;
  ability: StanceAbility;
  /** Protect Companion's companion, Intimidation's enemy, a Called Shot's enemy (fighter keys). */
  on: string | null;
}

/** A Maneuver's mark on its bearer: when it was taken and by whom (the goader, the parried enemy, the grappler). */
export interface Mark {
  taken: number;
  by: string | null;
}

/** What a fighter declared in her side's turn (seed 004, Actions: every action declared before any attack rolls). */
export interface Declared {
  round: number;
  /** An attack (its card waits until the declarations close), a stance ability, or nothing more (her End Turn). */
  action: "attack" | "ability" | "done";
  /** The attack's target (fighter key). */
  on: string | null;
  /** The attack's card still waits for the declarations to close. */
  held: boolean;
  /** The turn of the round it was declared in (absent in one an older Fray wrote). */
  turn?: Phase;
}

export interface InitiativeEntry {
  roll: number;
  st: number;
  success: boolean;
  actsFrom: number;
}

export interface TorchlightCombatState {
  phase: Phase;
  /** Each lane's level (a balcony is higher); its length is the number of lanes. */
  lanes: number[];
  grid: Record<string, Cell>;
  initiative: Record<string, InitiativeEntry>;
  hits: Record<string, QueuedHit>;
  abilities: Record<string, UsedAbility>;
  /** A Called Shot prepared, until the shot is made: the enemy and the round it was declared in. */
  called: Record<string, { on: string; round: number }>;
  /** Maneuver marks by bearer, then by status word (distracted, evading, goaded, parrying, pushed, hidden, grappled). */
  marks: Record<string, Record<string, Mark>>;
  /** The round a player last moved her combatant (one move a round). */
  moved: Record<string, number>;
  /** The round a combatant Retreated in. */
  retreated: Record<string, number>;
  /** Side-and-lane groups the GM named a Squad ("foes:3"). */
  squads: Record<string, boolean>;
  /** The round a grappler last rolled to keep its hold. */
  held: Record<string, number>;
  /** The round of a combatant's last attack when it was made at range (a melee attack clears it). */
  ranged: Record<string, number>;
  /** What each fighter declared this turn. */
  declared: Record<string, Declared>;
}

export const STANDARD_LANES = [0, 0, 0, 0, 0, 0];

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose => typeof value === "object" && value !== null && !Array.isArray(value);
const isInt = (value: unknown, min = 0, max = 1e6): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
// A fighter key (combat/fighter.ts), or the combatant id an older Fray kept until the GM's load moves it.
const isId = (value: unknown): value is string => typeof value === "string" && /^((Token|Actor):)?[A-Za-z0-9]{1,32}$/.test(value);
const isStance = (value: unknown): value is Stance => typeof value === "string" && (STANCES as readonly string[]).includes(value);

/** Entries of a keyed part whose key is an id and whose value reads; nulls (cleared) and the rest are skipped. */
function entries<T>(value: unknown, read: (entry: Loose) => T | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  if (!isRecord(value)) return out;
  for (const [key, raw] of Object.entries(value)) {
    if (!isId(key) || !isRecord(raw)) continue;
    const entry = read(raw);
    if (entry !== undefined) out[key] = entry;
  }
  return out;
}

function numbers(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isRecord(value)) return out;
  for (const [key, raw] of Object.entries(value)) if (isId(key) && isInt(raw, 0)) out[key] = raw;
  return out;
}

const readCell = (raw: Loose): Cell | undefined => (isInt(raw.lane, 1, 12) && isStance(raw.stance) ? { lane: raw.lane, stance: raw.stance } : undefined);

const readHit = (raw: Loose): QueuedHit | undefined =>
  isInt(raw.round, 0) && isId(raw.target) && isInt(raw.amount, 0, 999) && typeof raw.damageType === "string" && typeof raw.precisionStrike === "boolean" && typeof raw.melee === "boolean"
    ? { round: raw.round, target: raw.target, amount: raw.amount, damageType: raw.damageType, precisionStrike: raw.precisionStrike, melee: raw.melee, squad: typeof raw.squad === "string" ? raw.squad : null, seq: isInt(raw.seq, 1, 999) ? raw.seq : 0 }
    : undefined;

const ABILITIES: readonly StanceAbility[] = ["intimidation", "rally", "protect-companion", "called-shot"];
const readAbility = (raw: Loose): UsedAbility | undefined =>
  isInt(raw.round, 0) && ABILITIES.includes(raw.ability as StanceAbility) ? { round: raw.round, ability: raw.ability as StanceAbility, on: isId(raw.on) ? raw.on : null } : undefined;

const DECLARED_ACTIONS: readonly Declared["action"][] = ["attack", "ability", "done"];
const readDeclared = (raw: Loose): Declared | undefined =>
  isInt(raw.round, 0) && DECLARED_ACTIONS.includes(raw.action as Declared["action"]) ? { round: raw.round, action: raw.action as Declared["action"], on: isId(raw.on) ? raw.on : null, held: raw.held === true, ...(PHASES.includes(raw.turn as Phase) ? { turn: raw.turn as Phase } : {}) } : undefined;

const readInitiative = (raw: Loose): InitiativeEntry | undefined =>
  isInt(raw.roll, 1, 20) && isInt(raw.st, 0, 20) && typeof raw.success === "boolean" && isInt(raw.actsFrom, 1) ? { roll: raw.roll, st: raw.st, success: raw.success, actsFrom: raw.actsFrom } : undefined;

function readMarks(value: unknown): Record<string, Record<string, Mark>> {
  const out: Record<string, Record<string, Mark>> = {};
  if (!isRecord(value)) return out;
  for (const [bearer, raw] of Object.entries(value)) {
    if (!isId(bearer) || !isRecord(raw)) continue;
    const marks: Record<string, Mark> = {};
    for (const [word, mark] of Object.entries(raw)) {
      if (/^[a-z-]{1,20}$/.test(word) && isRecord(mark) && isInt(mark.taken, 0)) marks[word] = { taken: mark.taken, by: isId(mark.by) ? mark.by : null };
    }
    if (Object.keys(marks).length) out[bearer] = marks;
  }
  return out;
}

/** The stored state, read field by field (a missing or broken part reads as empty). */
export function readState(value: unknown): TorchlightCombatState {
  const raw = isRecord(value) ? value : {};
  const lanes = Array.isArray(raw.lanes) && raw.lanes.length >= 1 && raw.lanes.length <= 12 && raw.lanes.every((l) => isInt(l, 0, 9)) ? (raw.lanes as number[]) : STANDARD_LANES;
  const squads: Record<string, boolean> = {};
  if (isRecord(raw.squads)) for (const [key, on] of Object.entries(raw.squads)) if (/^[a-z]{1,10}:\d{1,2}$/.test(key) && on === true) squads[key] = true;
  return {
    phase: PHASES.includes(raw.phase as Phase) ? (raw.phase as Phase) : "players",
    lanes: [...lanes],
    grid: entries(raw.grid, readCell),
    initiative: entries(raw.initiative, readInitiative),
    hits: entries(raw.hits, readHit),
    abilities: entries(raw.abilities, readAbility),
    called: entries(raw.called, (c) => (isId(c.on) && isInt(c.round, 0) ? { on: c.on, round: c.round } : undefined)),
    marks: readMarks(raw.marks),
    moved: numbers(raw.moved),
    retreated: numbers(raw.retreated),
    squads,
    held: numbers(raw.held),
    ranged: numbers(raw.ranged),
    declared: entries(raw.declared, readDeclared),
  };
}

// Fray's flag scope is not declared to fvtt-types (FlagConfig), so scope and key are untyped here.
export function stateOf(combat: Combat.Implementation): TorchlightCombatState {
  return readState(combat.getFlag(FLAG_SCOPE as never, FLAG_KEY as never));
}

/** The update path of one part of the state ("grid", id) or of a whole part. */
export function statePath(...keys: string[]): string {
  return ["flags", FLAG_SCOPE, FLAG_KEY, ...keys].join(".");
}

/** The Squad a cell's side and lane make, as stored. */
export const squadKey = (side: string, lane: number): string => `${side}:${lane}`;
