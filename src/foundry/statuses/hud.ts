/**
 * Which ruleset's actors the token HUD offers each of Fray's own statuses to: v13's TokenHUD lists a
 * status whose `hud.actorTypes` names the token's actor type (client/applications/hud/token-hud.mjs,
 * `_getStatusEffectChoices`), so a world shows its own ruleset's statuses, and an actor kept from
 * another ruleset still shows its own. Every status stays in CONFIG.statusEffects, so effects on
 * old data keep their name and icon. Foundry's own statuses (dead, unconscious...) stay for all.
 */
import type { RulesetId } from "../../rules/ruleset.js";
import { rulesetDocuments } from "../rulesets/registry.js";
import { FRAY_STATUS } from "./table.js";

type FrayStatusKey = keyof typeof FRAY_STATUS;

/** Each of Fray's statuses, by the rulesets whose outcomes set it (table.ts's sections). */
export const STATUS_RULESETS: Record<FrayStatusKey, readonly RulesetId[]> = {
  dying: ["cavaliers", "drama", "torchlight"],
  stabilised: ["cavaliers", "torchlight"],
  surrendered: ["cavaliers"],
  yieldedOut: ["cavaliers"],
  fightsOn: ["cavaliers"],
  blown: ["drama"],
  disadvantaged: ["drama"],
  doublyDisadvantaged: ["drama"],
  rightArmUseless: ["unhex"],
  leftArmUseless: ["unhex"],
  crawling: ["unhex"],
  immobile: ["unhex"],
  wounded: ["personal"],
  maimed: ["personal"],
  brokenGear: ["personal"],
  captured: ["personal"],
  shaken: ["personal"],
  fallenFate: ["personal"],
  waiting: ["torchlight"],
  incapacitated: ["torchlight"],
  grappled: ["cavaliers", "torchlight"],
  disarmed: ["cavaliers", "torchlight"],
  distracted: ["torchlight"],
  evading: ["torchlight"],
  goaded: ["torchlight"],
  hidden: ["torchlight"],
  parrying: ["torchlight"],
  pushed: ["torchlight"],
  retreated: ["torchlight"],
};

/** The actor types of some rulesets. */
function actorTypesOf(rulesets: readonly RulesetId[]): string[] {
  return rulesetDocuments().filter((documents) => rulesets.includes(documents.id)).flatMap((documents) => Object.keys(documents.actors));
}

/** Gives each of Fray's statuses in CONFIG.statusEffects the actor types whose token HUD offers it (at init, after registerStatuses). */
export function limitStatusHud(): void {
  for (const [key, rulesets] of Object.entries(STATUS_RULESETS) as Array<[FrayStatusKey, readonly RulesetId[]]>) {
    const entry = CONFIG.statusEffects.find((status) => status.id === FRAY_STATUS[key].id);
    // v13's status entries take `hud: { actorTypes }`; fvtt-types 13.345 types `hud` as boolean | { actorTypes?: string[] }.
    if (entry) Object.assign(entry, { hud: { actorTypes: actorTypesOf(rulesets) } });
  }
}
