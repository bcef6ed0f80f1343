import { RuleError } from "../ruleError.js";
import type { DiceTray } from "./source.js";

/**
 * Dice formulas such as "1d6", "2d8+3", "1d10+1d4-1", "d6" or "3": a sum of dice terms and whole
 * numbers. The parser is strict (no spaces inside a term, no empty terms, no other operators) and
 * refuses silly sizes, since formulas come from item sheets and requests typed by people.
 */

/** One signed term of a formula: `count` dice of `sides` sides, or a flat number. */
export type FormulaTerm = { kind: "dice"; sign: 1 | -1; count: number; sides: number } | { kind: "flat"; sign: 1 | -1; value: number };

export interface Formula {
  /** The text as given, for messages. */
  text: string;
  terms: FormulaTerm[];
}

/** Bounds that keep a formula sane; anything beyond them is refused, never clamped. */
export interface FormulaLimits {
  maxDice: number;
  maxSides: number;
  maxFlat: number;
  maxTerms: number;
}

export const DEFAULT_FORMULA_LIMITS: FormulaLimits = { maxDice: 100, maxSides: 1000, maxFlat: 10000, maxTerms: 20 };

/** A formula that does not parse or asks for absurd dice: a rules refusal, not a bad face. */
export class FormulaError extends RuleError {
  override name = "FormulaError";
}

const DICE_TERM = /^(\d*)[dD](\d+)$/;
const FLAT_TERM = /^\d+$/;

function refuse(text: string, part: string, why: string): never {
  throw new FormulaError(`formula "${text}": ${JSON.stringify(part)} ${why}`);
}

export function parseFormula(text: string, limits: FormulaLimits = DEFAULT_FORMULA_LIMITS): Formula {
  const trimmed = text.trim();
  if (trimmed === "") throw new FormulaError(`formula "${text}" is empty; expected something like 1d6+2`);
  // Split on + and - while keeping each sign with the term that follows it.
  const pieces = trimmed.split(/(?=[+-])/);
  if (pieces.length > limits.maxTerms) refuse(text, trimmed, `has more than ${limits.maxTerms} terms`);
  const terms: FormulaTerm[] = [];
  let totalDice = 0;
  for (const piece of pieces) {
    const signChar = piece[0] === "+" || piece[0] === "-" ? piece[0] : "";
    const sign: 1 | -1 = signChar === "-" ? -1 : 1;
    const body = piece.slice(signChar.length).trim();
    if (body === "") refuse(text, piece, "is missing a term after its sign");
    const dice = DICE_TERM.exec(body);
    if (dice) {
      const count = dice[1] === "" ? 1 : Number(dice[1]);
      const sides = Number(dice[2]);
      if (count < 1) refuse(text, body, "rolls no dice; a dice term needs at least 1 die");
      if (sides < 1) refuse(text, body, "names a die with no sides");
      if (sides > limits.maxSides) refuse(text, body, `names a die above d${limits.maxSides}`);
      totalDice += count;
      if (totalDice > limits.maxDice) refuse(text, body, `brings the formula above ${limits.maxDice} dice`);
      terms.push({ kind: "dice", sign, count, sides });
      continue;
    }
    if (FLAT_TERM.test(body)) {
      const value = Number(body);
      if (value > limits.maxFlat) refuse(text, body, `is above the largest number allowed, ${limits.maxFlat}`);
      terms.push({ kind: "flat", sign, value });
      continue;
    }
    refuse(text, body, "is not a number or a dice term like 2d6 or d8");
  }
  return { text: trimmed, terms };
}

/** One die of a rolled formula; a die whose term is subtracted has sign -1. */
export interface FormulaDie {
  sides: number;
  face: number;
  sign: 1 | -1;
}

export interface FormulaRoll {
  formula: string;
  dice: FormulaDie[];
  /** The sum of the flat terms. */
  modifier: number;
  total: number;
}

/** Rolls every die of the formula through the tray, in the order written, under one label. */
export function rollFormula(tray: DiceTray, formula: Formula | string, label: string): FormulaRoll {
  const parsed = typeof formula === "string" ? parseFormula(formula) : formula;
  const dice: FormulaDie[] = [];
  let modifier = 0;
  for (const term of parsed.terms) {
    if (term.kind === "flat") {
      modifier += term.sign * term.value;
      continue;
    }
    for (let i = 0; i < term.count; i += 1) dice.push({ sides: term.sides, face: tray.roll(term.sides, label), sign: term.sign });
  }
  const total = dice.reduce((sum, die) => sum + die.sign * die.face, modifier);
  return { formula: parsed.text, dice, modifier, total };
}

/** The lowest and highest totals a formula can give. */
export function formulaRange(formula: Formula): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const term of formula.terms) {
    const low = term.kind === "flat" ? term.value : term.count;
    const high = term.kind === "flat" ? term.value : term.count * term.sides;
    if (term.sign === 1) {
      min += low;
      max += high;
    } else {
      min -= high;
      max -= low;
    }
  }
  return { min, max };
}
