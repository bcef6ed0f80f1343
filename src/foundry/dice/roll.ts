import { DiceTray, givenFaces, type SizedFace } from "../../core/dice/source.js";

/** One evaluated Roll of a list of dice and the face each die showed, in the order asked. */
export interface RolledDice {
  roll: Roll;
  faces: number[];
}

/** "1d8 + 1d10 + 1d6": one term per die, so each term's face maps back to one die of the pool. */
export function formulaOf(sides: readonly number[]): string {
  return sides.map((s) => `1d${s}`).join(" + ");
}

/**
 * Rolls the dice through Foundry's Roll API (so Dice So Nice and roll modes see a real Roll on the
 * message) and reads each term's face in order. An empty list rolls nothing.
 */
export async function rollDice(sides: readonly number[]): Promise<RolledDice | null> {
  if (sides.length === 0) return null;
  const roll = new Roll(formulaOf(sides));
  await roll.evaluate();
  return { roll, faces: facesOf(roll, sides) };
}

/**
 * The faces of an evaluated Roll, checked against the dice it should hold: one term per die, same
 * sizes, same order. A Roll that does not match (sent by another client, edited) is refused.
 */
export function facesOf(roll: Roll, sides: readonly number[]): number[] {
  const dice = roll.dice;
  if (dice.length !== sides.length) throw new Error(`the roll holds ${dice.length} dice where ${sides.length} were expected`);
  return dice.map((die, index) => {
    const expected = sides[index] ?? 0;
    if (die.faces !== expected) throw new Error(`die #${index + 1} of the roll is a d${String(die.faces)} where a d${String(expected)} was expected`);
    const face = die.results.find((r) => r.active)?.result;
    if (typeof face !== "number" || face < 1 || face > expected) throw new Error(`die #${index + 1} of the roll shows no face a d${String(expected)} can show`);
    return face;
  });
}

/** A tray over the faces a Roll showed, for the rules' functions. */
export function trayOf(faces: readonly number[]): DiceTray {
  return new DiceTray(givenFaces(faces));
}

/** A Roll as message data (ChatMessage `rolls` holds JSON strings; Foundry rebuilds the Rolls). */
export function rollSource(roll: Roll): string {
  return JSON.stringify(roll.toJSON());
}

/**
 * Whether roll JSON lists dice apart from its terms: v13's Roll.fromData keeps a `dice` list and
 * counts it first among the roll's dice (client/dice/roll.mjs, Roll#_dice); a roll of Fray's plain
 * formulas has none, so a sent roll with any is forged.
 */
export function hasDiceApart(data: Record<string, unknown>): boolean {
  return Array.isArray(data.dice) && data.dice.length > 0;
}

/** A stored roll back as a Roll (stored JSON string, plain data, or a Roll already). */
export function rollFrom(stored: unknown): Roll.Any {
  if (stored instanceof Roll) return stored;
  const data = typeof stored === "string" ? (JSON.parse(stored) as object) : (stored as object);
  // Roll.fromData accepts Roll JSON; the stored value came from Roll#toJSON.
  return Roll.fromData(data as never);
}

/** Every die of an evaluated Roll with its size and face, in order (a term of N dice gives N). */
export function sizedFacesOf(roll: Roll.Any): SizedFace[] {
  return roll.dice.flatMap((die) => die.results.filter((r) => r.active).map((r) => ({ sides: Number(die.faces), face: r.result })));
}
