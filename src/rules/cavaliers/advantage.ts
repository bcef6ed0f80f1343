import { ADVANTAGE_STEPS } from "./tables.js";
import { refuse } from "./refusal.js";

/** Advantage is a die size (0 = none); each purchase steps it up, each use steps it down. */
export function stepUpAdvantage(advantage: number): number {
  const index = ADVANTAGE_STEPS.indexOf(advantage as (typeof ADVANTAGE_STEPS)[number]);
  if (index < 0) refuse(`Advantage must be one of ${ADVANTAGE_STEPS.join(", ")}, got ${advantage}`);
  const next = ADVANTAGE_STEPS[index + 1];
  if (next === undefined) refuse("Advantage is already a d12 and cannot rise further");
  return next;
}

export function stepDownAdvantage(advantage: number): number {
  const index = ADVANTAGE_STEPS.indexOf(advantage as (typeof ADVANTAGE_STEPS)[number]);
  if (index < 0) refuse(`Advantage must be one of ${ADVANTAGE_STEPS.join(", ")}, got ${advantage}`);
  if (index === 0) refuse("there is no Advantage die to step down");
  return ADVANTAGE_STEPS[index - 1] ?? 0;
}
