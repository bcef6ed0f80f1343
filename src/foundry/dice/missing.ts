/**
 * Rolling what the rules still need. A card step knows the dice already on the message; the rules
 * are run over them, and whatever more they ask for is rolled through Foundry's Roll API on the
 * clicking user's client. Later dice may depend on earlier faces (a Drama die that explodes, a
 * roll-off after a tie), so the rules run again over the new faces until they ask for nothing more.
 */
import { DiceError, DiceTray, givenDice, type SizedFace } from "../../core/dice/source.js";
import { formulaOf, sizedFacesOf } from "./roll.js";

/** The rules code to run: it reads its dice from the tray and may throw when they run out. */
export type RulesRun = (tray: DiceTray) => unknown;

class Asked extends Error {}

/**
 * The faces the run reads, then (once they run out) each further die asked for, answered with a
 * guess that walks through the faces (1, 2, 3...), so a probe of a roll-off does not tie for ever.
 */
function probe(known: readonly SizedFace[], run: RulesRun): { asked: number[]; mismatchAt: number | null; used: number } {
  const given = givenDice(known);
  const asked: number[] = [];
  let mismatchAt: number | null = null;
  const tray = new DiceTray({
    next(sides) {
      if (given.used() < known.length) {
        const at = given.used();
        if (known[at]?.sides !== sides) {
          mismatchAt = at;
          throw new Asked();
        }
        return given.next(sides);
      }
      asked.push(sides);
      return ((asked.length - 1) % sides) + 1;
    },
  });
  try {
    run(tray);
  } catch (error) {
    // A refusal that came after a guessed face may be the guess's doing: the real faces decide.
    if (!(error instanceof Asked) && asked.length === 0) throw error;
  }
  return { asked, mismatchAt, used: given.used() };
}

/** One Roll of single-die terms joined by "+", from dice already rolled (kept in order). */
export function rollOf(dice: readonly SizedFace[]): Roll {
  const terms: Record<string, unknown>[] = [];
  dice.forEach((die, index) => {
    if (index > 0) terms.push({ class: "OperatorTerm", options: {}, evaluated: true, operator: "+" });
    terms.push({ class: "Die", options: {}, evaluated: true, number: 1, faces: die.sides, modifiers: [], results: [{ result: die.face, active: true }] });
  });
  const data = { class: "Roll", options: {}, dice: [], formula: formulaOf(dice.map((d) => d.sides)), terms, total: dice.reduce((sum, d) => sum + d.face, 0), evaluated: true };
  // Roll.fromData takes Roll JSON; this is the JSON of a Roll of these dice as Foundry serializes it.
  return Roll.fromData(data as never) as Roll;
}

/**
 * Runs the rules over the dice already rolled (`known`) and rolls, through Foundry, every die they
 * ask for beyond them. Returns the new dice as one Roll (null when none were needed) and their faces.
 * A probe answers unknown dice with guesses; when real faces send the rules down another branch, the
 * dice rolled past the branch are dropped and asked for again, so the Roll holds only dice used.
 */
export async function rollMissing(known: readonly SizedFace[], run: RulesRun, maxPasses = 20): Promise<{ roll: Roll | null; dice: SizedFace[] }> {
  const fresh: SizedFace[] = [];
  let passes = 0;
  let rolledThrough = false;
  for (;;) {
    const { asked, mismatchAt, used } = probe([...known, ...fresh], run);
    if (mismatchAt !== null) {
      // The dice already on the card no longer fit the rules (a pool changed since they were rolled).
      if (mismatchAt < known.length) throw new DiceError(`die #${mismatchAt + 1} on the card is a d${known[mismatchAt]?.sides} where the rules now ask for another size`);
      // A face-dependent branch asked for another die size than the probe guessed: roll again from there.
      fresh.length = mismatchAt - known.length;
      continue;
    }
    if (asked.length === 0) {
      // Real faces may need fewer dice than the guesses did (a tie that did not happen): keep only those used.
      if (used < known.length) throw new DiceError(`the rules used ${used} of the ${known.length} dice already on the card`);
      fresh.length = used - known.length;
      break;
    }
    if ((passes += 1) > maxPasses) throw new DiceError(`the rules kept asking for more dice after ${maxPasses} rolls`);
    const roll = new Roll(formulaOf(asked));
    await roll.evaluate();
    fresh.push(...sizedFacesOf(roll));
    rolledThrough = true;
  }
  if (!rolledThrough || fresh.length === 0) return { roll: null, dice: [] };
  return { roll: rollOf(fresh), dice: fresh };
}
