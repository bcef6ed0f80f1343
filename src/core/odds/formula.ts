import type { Formula } from "../dice/formula.js";
import { addDieIntoSymmetric, addTwoDiceIntoSymmetric, type Dense, mirrorUpperHalf } from "./dense.js";

/**
 * The exact distribution of a formula's total, as `rollFormula` adds it up: every die of every term
 * (subtracted for a negative term) plus the flat numbers. Two buffers of the final size take turns,
 * so a hundred d1000s allocate twice, not a hundred times;
 * every partial total is symmetric, so only its lower half is summed, two dice a pass
 * (addTwoDiceIntoSymmetric, then addDieIntoSymmetric for an odd one), and the upper half is written
 * once, at the end.
 */
export function formulaOdds(formula: Formula): Dense {
  let min = 0;
  let size = 1;
  for (const term of formula.terms) if (term.kind === "dice") size += term.count * (term.sides - 1);
  let from = new Float64Array(size);
  let into = new Float64Array(size);
  const ring = new Float64Array(Math.max(1, ...formula.terms.map((term) => (term.kind === "dice" ? term.sides : 1))));
  from[0] = 1;
  let length = 1;
  for (const term of formula.terms) {
    if (term.kind === "flat") {
      min += term.sign * term.value;
      continue;
    }
    // Two dice a pass while two are left, then the odd one.
    for (let i = 0; i + 1 < term.count; i += 2) {
      length = addTwoDiceIntoSymmetric(from, length, term.sides, into, ring);
      [from, into] = [into, from];
      min += term.sign === 1 ? 2 : -2 * term.sides;
    }
    if (term.count % 2 === 1) {
      length = addDieIntoSymmetric(from, length, term.sides, into);
      [from, into] = [into, from];
      min += term.sign === 1 ? 1 : -term.sides;
    }
  }
  // The buffers were sized for the final total, so the last pass fills `from` exactly.
  mirrorUpperHalf(from, length);
  return { min, p: from };
}
