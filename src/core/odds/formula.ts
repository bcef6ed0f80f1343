import type { Formula } from "../dice/formula.js";
import { addDie, type Dense, pointMass, shift } from "./dense.js";

/**
 * The exact distribution of a formula's total, as `rollFormula` adds it up: every die of every term
 * (subtracted for a negative term) plus the flat numbers.
 */
export function formulaOdds(formula: Formula): Dense {
  let dist = pointMass(0);
  for (const term of formula.terms) {
    if (term.kind === "flat") dist = shift(dist, term.sign * term.value);
    else for (let i = 0; i < term.count; i += 1) dist = addDie(dist, term.sides, term.sign);
  }
  return dist;
}
