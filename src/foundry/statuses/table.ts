/**
 * Every status the rules layer names (`effects[].statuses` of an outcome, per ruleset) and what it
 * is on a Foundry actor: a status effect (Foundry's own when it means the same thing, so the token
 * HUD lists it once), a status it clears, or a one-off event that only the chat card reports.
 */

/** A CONFIG.statusEffects entry Fray adds. */
export interface FrayStatusEffect {
  id: string;
  /** A lang key (Foundry localizes it when the effect is created). */
  name: string;
  img: string;
}

/** Foundry's own statuses that mean what a ruleset means (their entries ship with Foundry). */
export const CORE_STATUS = {
  dead: { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
  unconscious: { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
  prone: { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
  bleeding: { id: "bleeding", name: "EFFECT.StatusBleeding", img: "icons/svg/blood.svg" },
} as const satisfies Record<string, FrayStatusEffect>;

const own = (id: string, key: string, icon: string): FrayStatusEffect => ({ id: `fray-${id}`, name: `FRAY.Status.${key}`, img: `icons/svg/${icon}.svg` });

/** Fray's own statuses, for what no Foundry status says. */
export const FRAY_STATUS = {
  dying: own("dying", "Dying", "degen"),
  stabilised: own("stabilised", "Stabilised", "regen"),
  surrendered: own("surrender", "Surrendered", "hanging-sign"),
  yieldedOut: own("yielded-out", "YieldedOut", "statue"),
  fightsOn: own("fights-on", "FightsOn", "combat"),
  blown: own("blown", "Blown", "daze"),
  disadvantaged: own("disadvantaged", "Disadvantaged", "down"),
  doublyDisadvantaged: own("doubly-disadvantaged", "DoublyDisadvantaged", "downgrade"),
  rightArmUseless: own("right-arm-useless", "RightArmUseless", "card-hand"),
  leftArmUseless: own("left-arm-useless", "LeftArmUseless", "card-hand"),
  crawling: own("crawling", "Crawling", "leg"),
  immobile: own("immobile", "Immobile", "anchor"),
  wounded: own("wounded", "Wounded", "explosion"),
  maimed: own("maimed", "Maimed", "ruins"),
  brokenGear: own("broken-gear", "BrokenGear", "item-bag"),
  captured: own("captured", "Captured", "padlock"),
  shaken: own("shaken", "Shaken", "terror"),
  /** A Fallen Fate a GM added to her list, when its item names no status of its own. */
  fallenFate: own("fallen-fate", "FallenFate", "cowled"),
  waiting: own("waiting", "Waiting", "obelisk"),
  incapacitated: own("incapacitated", "Incapacitated", "paralysis"),
  grappled: own("grappled", "Grappled", "net"),
  disarmed: own("disarmed", "Disarmed", "sword"),
  distracted: own("distracted", "Distracted", "eye"),
  evading: own("evading", "Evading", "wingfoot"),
  goaded: own("goaded", "Goaded", "target"),
  hidden: own("hidden", "Hidden", "invisible"),
  parrying: own("parrying", "Parrying", "ice-shield"),
  pushed: own("pushed", "Pushed", "jump"),
  retreated: own("retreated", "Retreated", "door-open-outline"),
} as const satisfies Record<string, FrayStatusEffect>;

/** What one status of the rules does to the actor it names. */
export type RulesStatus = { set: string; clears?: readonly string[] } | { clears: readonly string[] } | { event: true };

const set = (status: FrayStatusEffect, ...clears: FrayStatusEffect[]): RulesStatus => (clears.length ? { set: status.id, clears: clears.map((c) => c.id) } : { set: status.id });
const clears = (...statuses: FrayStatusEffect[]): RulesStatus => ({ clears: statuses.map((s) => s.id) });
const EVENT: RulesStatus = { event: true };
const { dead, unconscious, prone, bleeding } = CORE_STATUS;
const F = FRAY_STATUS;

/** The one table: each status string an outcome of any ruleset may carry. */
export const RULES_STATUSES: Readonly<Record<string, RulesStatus>> = {
  // Shared words (several rulesets).
  dying: set(F.dying, F.stabilised),
  dead: set(dead, F.dying),
  unconscious: set(unconscious),
  "knocked-out": set(unconscious),
  prone: set(prone),
  // The Queen's Cavaliers.
  "no-longer-dying": clears(F.dying),
  conscious: clears(unconscious),
  surrender: set(F.surrendered),
  "yielded-out": set(F.yieldedOut),
  "yielded-out-fights-on": set(F.fightsOn),
  // The end of a fight: Yield is gone, and with it fighting on past the limit; a saved NPC is kept alive.
  "catches-breath": clears(F.fightsOn),
  "saved-with-medicine": set(F.stabilised),
  knockdown: set(prone),
  disarm: set(F.disarmed),
  hold: set(F.grappled),
  "break-hold": clears(F.grappled),
  // A Riposte earned is kept on the actor's flags (the roll it follows); the rest happen once.
  riposte: EVENT,
  "break-weapon": EVENT,
  "free-reload": EVENT,
  "free-move": EVENT,
  // Drama in History.
  blown: set(F.blown),
  bleeding: set(bleeding),
  "passed-out": set(unconscious),
  disadvantaged: set(F.disadvantaged),
  "doubly-disadvantaged": set(F.doublyDisadvantaged, F.disadvantaged),
  // Unhex.
  "right-arm-useless": set(F.rightArmUseless),
  "left-arm-useless": set(F.leftArmUseless),
  "moves-only-with-both-hands": set(F.crawling),
  "cannot-move": set(F.immobile, F.crawling),
  // A critical's extra or lost action is kept on the combat tracker's row, this round's and the next.
  "extra-action": EVENT,
  "loses-next-action": EVENT,
  "dropped-right-hand-item": EVENT,
  "dropped-left-hand-item": EVENT,
  stopped: EVENT,
  // Personal Combat (Wounded, Defeated and the house Fallen Fates, by name).
  Wounded: set(F.wounded),
  Defeated: set(dead),
  "Knocked Out": set(unconscious),
  Maimed: set(F.maimed),
  "Broken Gear": set(F.brokenGear),
  Captured: set(F.captured),
  Shaken: set(F.shaken),
  Slain: set(dead),
  // Beyond the Torchlight.
  waiting: set(F.waiting),
  incapacitated: set(F.incapacitated),
  stabilized: set(F.stabilised, F.dying),
  grappled: set(F.grappled),
  released: clears(F.grappled),
  disarmed: set(F.disarmed),
  distracted: set(F.distracted),
  evading: set(F.evading),
  goaded: set(F.goaded),
  hidden: set(F.hidden),
  parrying: set(F.parrying),
  pushed: set(F.pushed),
  retreated: set(F.retreated),
  revealed: clears(F.hidden),
  recovered: clears(F.dying, F.stabilised, F.incapacitated),
};
