import { DiceError, DiceTray, givenFaces, type DiceSource } from "../../core/dice/source.js";
import { rollDice } from "./roll.js";

/** The dice a piece of rules code asks for, in order, found by running it once with every face a 1. */
export function diceAskedBy(run: (tray: DiceTray) => unknown): number[] {
  const asked: number[] = [];
  run(new DiceTray({ next: (sides) => (asked.push(sides), 1) }));
  return asked;
}

class OutOfFaces extends Error {}

/**
 * Runs rules code whose later dice depend on earlier faces (d10 roll-offs until a tie breaks):
 * each time it runs out, Foundry rolls `batch` more d10s and the run starts again with all of them,
 * so the faces used are always the ones Foundry rolled, in order.
 */
export async function withRollOffs<T>(batch: number, run: (tray: DiceTray) => T): Promise<{ result: T; rolls: Roll[] }> {
  const faces: number[] = [];
  const rolls: Roll[] = [];
  for (;;) {
    const given = givenFaces(faces);
    const source: DiceSource = {
      next(sides) {
        try {
          return given.next(sides);
        } catch (error) {
          if (error instanceof DiceError && error.message.startsWith("ran out")) throw new OutOfFaces();
          throw error;
        }
      },
    };
    try {
      return { result: run(new DiceTray(source)), rolls };
    } catch (error) {
      if (!(error instanceof OutOfFaces)) throw error;
      const more = await rollDice(Array.from({ length: Math.max(2, batch) }, () => 10));
      if (!more) throw error;
      rolls.push(more.roll);
      faces.push(...more.faces);
    }
  }
}
