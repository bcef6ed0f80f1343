/**
 * The one port through which every die face enters the rules. A source either hands out faces
 * that were given (a recorded roll, a test, the Foundry dice bridge) or draws them from a seeded
 * generator, so any result can be replayed from the faces it recorded.
 */
export interface DiceSource {
  /** The face of one die with `sides` sides, from 1 to `sides`. */
  next(sides: number): number;
}

/** A die as it was rolled: what it was for, its size and the face that came up. */
export interface RolledDie {
  label: string;
  sides: number;
  face: number;
}

export class DiceError extends Error {
  override name = "DiceError";
}

function checkSides(sides: number): void {
  if (!Number.isInteger(sides) || sides < 1) throw new DiceError(`a die needs a whole number of sides above 0, got ${sides}`);
}

/** mulberry32: small, fast and good enough for game dice; the same seed always gives the same faces. */
export function seededDice(seed: number): DiceSource {
  let state = seed >>> 0;
  return {
    next(sides) {
      checkSides(sides);
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      return 1 + Math.floor(unit * sides);
    },
  };
}

/**
 * Hands out the given faces in order; once they run out it asks `fallback`, or fails when there is
 * none. A face that cannot be on the die asked for is refused, never clamped.
 */
export function givenFaces(faces: readonly number[], fallback?: DiceSource): DiceSource {
  let index = 0;
  return {
    next(sides) {
      checkSides(sides);
      if (index < faces.length) {
        const face = faces[index] as number;
        if (!Number.isInteger(face) || face < 1 || face > sides) {
          throw new DiceError(`given face #${index + 1} is ${face}, which a d${sides} cannot show`);
        }
        index += 1;
        return face;
      }
      if (fallback) return fallback.next(sides);
      throw new DiceError(`ran out of given faces after ${faces.length}; a d${sides} was still needed`);
    },
  };
}

/** Rolls through a source and keeps every die, labelled, in the order rolled. */
export class DiceTray {
  readonly rolled: RolledDie[] = [];
  constructor(private readonly source: DiceSource) {}

  roll(sides: number, label: string): number {
    const face = this.source.next(sides);
    this.rolled.push({ label, sides, face });
    return face;
  }

  /** The faces rolled so far, in order: feed them to `givenFaces` to replay. */
  faces(): number[] {
    return this.rolled.map((die) => die.face);
  }
}

/** A die as stored with a roll: its size and the face it showed. */
export interface SizedFace {
  sides: number;
  face: number;
}

/**
 * Hands out dice that were rolled elsewhere (a Foundry Roll, another client), each only for a die
 * of its own size: a d6's face is never read as a d8's, so a roll made for another pool is refused
 * rather than misread. `used()` tells how many were taken, so a caller can refuse dice left over.
 */
export function givenDice(dice: readonly SizedFace[]): DiceSource & { used(): number } {
  let index = 0;
  return {
    next(sides) {
      checkSides(sides);
      const die = dice[index];
      if (!die) throw new DiceError(`ran out of rolled dice after ${dice.length}; a d${sides} was still needed`);
      if (die.sides !== sides) throw new DiceError(`die #${index + 1} was rolled as a d${die.sides} where the rules ask for a d${sides}`);
      if (!Number.isInteger(die.face) || die.face < 1 || die.face > sides) throw new DiceError(`die #${index + 1} shows ${die.face}, which a d${sides} cannot show`);
      index += 1;
      return die.face;
    },
    used: () => index,
  };
}
