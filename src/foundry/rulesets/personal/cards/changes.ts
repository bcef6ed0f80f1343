/**
 * What Apply writes for a Personal Combat outcome: the tracks of the rules' effect on one actor as
 * sheet fields, and the statuses it gained as token statuses (a Fallen Fate's by its list item).
 */
import type { Effect } from "../../../../core/outcome.js";
import type { ActorChange } from "../../../cards/kinds.js";
import { FRAY_STATUS, statusIdFor, statusIdsClearedBy } from "../../../statuses/index.js";
import { personalSystem } from "../data.js";
import { fateStatusId } from "../lists.js";

/** The rules' status words that are not Fallen Fates. */
const NOT_FATES = new Set(["Wounded", "Defeated"]);

export function statusOfWord(word: string): string {
  return NOT_FATES.has(word) ? (statusIdFor(word) ?? word) : fateStatusId(word);
}

/** One actor's change from the rules' effect on her: Resolve, Wounded, ignores spent, fates taken, statuses. */
export function vitalsChange(actor: Actor.Implementation, effect: Effect | undefined): ActorChange {
  const system = personalSystem(actor);
  const changes = effect?.changes ?? {};
  const fields: Record<string, unknown> = {};
  if (changes.resolve) fields["system.resolve.value"] = changes.resolve.to;
  if (changes.wounded) fields["system.wounded"] = changes.wounded.to;
  // The sheet keeps the ignores spent since the Rest; the rules count those left.
  if (changes.ignoresLeft) fields["system.fatesIgnored"] = Math.max(0, system.derived.ignoreBudget - Number(changes.ignoresLeft.to));
  if (changes.fates) fields["system.fates"] = changes.fates.to;
  const statuses: Record<string, boolean> = {};
  for (const word of effect?.statuses ?? []) {
    for (const id of statusIdsClearedBy(word)) statuses[id] = false;
    statuses[statusOfWord(word)] = true;
  }
  if (changes.wounded?.to === false) statuses[FRAY_STATUS.wounded.id] = false;
  return { actor, fields, statuses };
}
