/**
 * What Apply writes on a Drama fighter from her effect in an outcome: Grit, Flesh, each new wound
 * (with whether it is serious, critical and bleeding), the other penalty dice, Drama Points, the
 * disadvantage carried into the next round and the rounds out; and her token statuses as the tracks
 * now stand (Blown, Bleeding, Dying, Disadvantaged or Doubly, set and cleared), plus Unconscious and
 * Prone when the round knocked or passed her out or off her feet (getting up is the table's).
 */
import type { Effect } from "../../../../core/outcome.js";
import { SERIOUS_WOUND, type Wound, woundBleeds } from "../../../../core/tracks/gritFlesh.js";
import type { ActorChange } from "../../../cards/kinds.js";
import { statusIdFor } from "../../../statuses/index.js";
import { rulesWounds } from "../derived.js";
import { dramaSystemOf } from "../gear.js";
import type { Disadvantage } from "../../../../rules/drama/combatant.js";
import { worseDisadvantage } from "../../../../rules/drama/knockBack.js";

const to = <T>(effect: Effect | undefined, track: string): T | undefined => (effect && Object.hasOwn(effect.changes, track) ? (effect.changes[track]!.to as T) : undefined);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The statuses a set of rules words and the tracks after give; every tracked one is said, set or cleared. */
function statusesAfter(after: { grit: number; flesh: number; bleeding: boolean; disadvantage: string }, words: readonly string[]): Record<string, boolean> {
  const statuses: Record<string, boolean> = {};
  const say = (word: string, on: boolean) => {
    const id = statusIdFor(word);
    if (id) statuses[id] = on;
  };
  say("blown", after.grit <= 0);
  say("dying", after.flesh < 0);
  say("bleeding", after.bleeding);
  say("disadvantaged", after.disadvantage === "disadvantaged");
  say("doubly-disadvantaged", after.disadvantage === "doubly");
  for (const word of ["knocked-out", "passed-out", "prone"]) if (words.includes(word)) say(word, true);
  return statuses;
}

/**
 * What a card's disadvantage writes, or null to leave the stored one. A knock-back weighs on the next
 * round (the tracker lifts it after that round): one already stored for that round stays if worse.
 * A card ending with none lifts no disadvantage before its round is over, and none stored for a later one.
 */
function disadvantageWritten(system: { disadvantage: string; disadvantageRound: number }, given: Disadvantage, round: number | null): { disadvantage: Disadvantage; round: number } | null {
  const stored = system.disadvantage as Disadvantage;
  if (round === null) return { disadvantage: given, round: 0 };
  if (given === "none") return stored !== "none" && system.disadvantageRound >= round ? null : { disadvantage: "none", round: 0 };
  const next = round + 1;
  return { disadvantage: system.disadvantageRound === next ? worseDisadvantage(stored, given) : given, round: next };
}

/** One fighter's Apply. `round`: the combat round the card was played in (null outside a combat). */
export function fighterChange(actor: Actor.Implementation, effect: Effect | undefined, round: number | null): ActorChange {
  const system = dramaSystemOf(actor);
  const fields: Record<string, unknown> = {};
  const grit = to<number>(effect, "grit");
  const flesh = to<number>(effect, "flesh");
  if (grit !== undefined) fields["system.grit.value"] = clamp(grit, 0, system.grit.max);
  if (flesh !== undefined) fields["system.flesh.value"] = clamp(flesh, -40, system.flesh.max);
  const stored = system.wounds.map((w) => ({ flesh: w.flesh, serious: w.serious, critical: w.critical, bleeding: w.bleeding, note: w.note }));
  const wounds = to<Wound[]>(effect, "wounds");
  const fresh = wounds ? wounds.slice(rulesWounds(system).length) : [];
  const allWounds = [...stored, ...fresh.map((w) => ({ flesh: w.flesh, serious: w.flesh >= SERIOUS_WOUND, critical: w.critical, bleeding: woundBleeds(w), note: "" }))];
  if (fresh.length) fields["system.wounds"] = allWounds;
  const other = to<number>(effect, "otherPenalties");
  if (other !== undefined) fields["system.penaltyDice"] = clamp(other, 0, 40);
  const points = to<number>(effect, "dramaPoints");
  if (points !== undefined) fields["system.dramaPoints"] = clamp(points, 0, 20);
  const out = to<number>(effect, "roundsOut");
  if (out !== undefined) fields["system.roundsOut"] = clamp(out, 0, 10);
  const given = to<Disadvantage>(effect, "disadvantage");
  const written = given === undefined ? null : disadvantageWritten(system, given, round);
  if (written) {
    fields["system.disadvantage"] = written.disadvantage;
    fields["system.disadvantageRound"] = written.round;
  }
  const disadvantage = written?.disadvantage ?? system.disadvantage;
  const after = {
    grit: grit ?? system.grit.value,
    flesh: flesh ?? system.flesh.value,
    bleeding: allWounds.some((w) => w.flesh >= 1 && w.bleeding),
    disadvantage,
  };
  return { actor, fields, statuses: statusesAfter(after, effect?.statuses ?? []) };
}
