import { DiceTray } from "../dice/source.js";

/**
 * The dice a resolver asks for, by label, when how many it asks for does not depend on the faces
 * (a keep-two-highest attack and its defence, Drop and all). Found by running the resolver itself
 * twice, once on the lowest faces and once on the highest: if the two runs ask for different dice,
 * the plan is refused, because odds built on it would be wrong.
 */
export function dicePlan(run: (tray: DiceTray) => unknown): Map<string, number[]> {
  const low = new DiceTray({ next: () => 1 });
  run(low);
  const high = new DiceTray({ next: (sides) => sides });
  run(high);
  // As JSON, so no label can run into the next die.
  const asked = (tray: DiceTray) => JSON.stringify(tray.rolled.map((die) => [die.label, die.sides]));
  if (asked(low) !== asked(high)) throw new Error("odds: these rules ask for different dice depending on the faces, so they have no fixed dice plan");
  const plan = new Map<string, number[]>();
  for (const die of low.rolled) plan.set(die.label, [...(plan.get(die.label) ?? []), die.sides]);
  return plan;
}
