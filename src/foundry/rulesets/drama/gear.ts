/**
 * A Drama actor as the rules see it: its stored numbers, the weapon it fights with (an item, or the
 * sheet's weapon class), its armour (harness items worn plus the sheet's other Ad), its shield and
 * its passions and dramatic advantages. Read on the GM from the actor as it is now.
 */
import type { Combatant, Disadvantage } from "../../../rules/drama/combatant.js";
import { SHIELD_DICE, type ShieldSize, type WeaponClass } from "../../../rules/drama/tables.js";
import { Refused } from "../../relay/index.js";
import { rulesWounds } from "./derived.js";
import type { DramaSystem } from "./models.js";
import { cardName } from "../../cards/documents.js";
import { withinSchema } from "../../data/bounds.js";
import { CombatantSchema } from "../../../rules/drama/schemas.js";
import { roundsOutOf } from "./combat/out.js";

export const DRAMA_ACTOR_TYPES = ["dramaCharacter", "dramaNpc"] as const;

export interface WeaponView {
  id: string;
  name: string;
  weaponClass: WeaponClass;
  skill: string;
  ranged: boolean;
}

export interface AdvantageView {
  id: string;
  name: string;
  kind: "passion" | "advantage";
  dice: number;
  cost: number;
  /** Flesh it adds to a full blow when declared (a dramatic advantage's "additional damage"). */
  flesh: number;
}

export interface ArmourView {
  id: string;
  name: string;
  kind: "harness" | "shield";
  dice: number;
  shieldSize: Exclude<ShieldSize, "none">;
  equipped: boolean;
}

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

/** The actor's Drama data, or undefined for an actor of another ruleset. */
export function dramaSystem(actor: Actor.Implementation | null | undefined): DramaSystem | undefined {
  return actor && (DRAMA_ACTOR_TYPES as readonly string[]).includes(actor.type) ? (actor.system as unknown as DramaSystem) : undefined;
}

/** The actor's Drama data, or a refusal naming it. */
export function dramaSystemOf(actor: Actor.Implementation): DramaSystem {
  return dramaSystem(actor) ?? ((): never => {
    throw new Refused(localize("FRAY.Drama.Refused.NotDrama", { name: actor.name }));
  })();
}

function itemsOf(actor: Actor.Implementation, type: string): Item.Implementation[] {
  return actor.items.contents.filter((item) => item.type === type);
}

export function weaponsOf(actor: Actor.Implementation): WeaponView[] {
  return itemsOf(actor, "dramaWeapon").map((item) => {
    const s = item.system as unknown as { weaponClass: WeaponClass; skill: string; ranged: boolean };
    return { id: item.id!, name: item.name, weaponClass: s.weaponClass, skill: s.skill, ranged: s.ranged };
  });
}

export function armourOf(actor: Actor.Implementation): ArmourView[] {
  return itemsOf(actor, "dramaArmour").map((item) => {
    const s = item.system as unknown as { kind: "harness" | "shield"; dice: number; shieldSize: Exclude<ShieldSize, "none">; equipped: boolean };
    return { id: item.id!, name: item.name, kind: s.kind, dice: s.kind === "shield" ? SHIELD_DICE[s.shieldSize] : s.dice, shieldSize: s.shieldSize, equipped: s.equipped };
  });
}

export function advantagesOf(actor: Actor.Implementation): AdvantageView[] {
  return itemsOf(actor, "dramaAdvantage").map((item) => {
    const s = item.system as unknown as { kind: "passion" | "advantage"; dice: number; cost: number; flesh?: number };
    return { id: item.id!, name: item.name, kind: s.kind, dice: s.dice, cost: s.kind === "passion" ? 0 : s.cost, flesh: s.flesh ?? 0 };
  });
}

/** Harness Ad worn: the equipped pieces and the sheet's other armour dice. */
export function harnessOf(actor: Actor.Implementation): number {
  const system = dramaSystemOf(actor);
  return system.armourDice + armourOf(actor).filter((a) => a.equipped && a.kind === "harness").reduce((sum, a) => sum + a.dice, 0);
}

/** The shield carried: the first equipped shield item, else the sheet's. */
export function shieldOf(actor: Actor.Implementation): ShieldSize {
  return armourOf(actor).find((a) => a.equipped && a.kind === "shield")?.shieldSize ?? (dramaSystemOf(actor).shield as ShieldSize);
}

/** A weapon item of the actor by id ("" for the sheet's weapon class); any other id is refused. */
export function weaponOf(actor: Actor.Implementation, id: unknown): WeaponView | null {
  if (id === undefined || id === null || id === "") return null;
  const found = typeof id === "string" ? weaponsOf(actor).find((w) => w.id === id) : undefined;
  if (!found) throw new Refused(localize("FRAY.Drama.Refused.NoWeapon", { name: actor.name }));
  return found;
}

/** The first weapon item that suits (melee or ranged), or null for the sheet's weapon class. */
export function defaultWeapon(actor: Actor.Implementation, ranged: boolean): WeaponView | null {
  return weaponsOf(actor).find((w) => w.ranged === ranged) ?? null;
}

/** The skill a weapon is used with: the weapon skill (Physical in melee, Agility at range), or a named skill. */
function skillFor(actor: Actor.Implementation, weapon: WeaponView | null, ranged: boolean): { skill: number; skillAttribute: "physical" | "agility" } {
  const system = dramaSystemOf(actor);
  const named = weapon?.skill ? system.skills.find((s) => s.name.trim().toLowerCase() === weapon.skill.trim().toLowerCase()) : undefined;
  if (weapon?.skill && !named) throw new Refused(localize("FRAY.Drama.Refused.NoSkill", { name: actor.name, skill: weapon.skill }));
  if (named) return { skill: named.value, skillAttribute: named.attribute };
  return { skill: system.skill, skillAttribute: ranged ? "agility" : "physical" };
}

export interface CombatantOptions {
  name: string;
  weapon: WeaponView | null;
  ranged?: boolean;
  /** The combat round the stat block is read for (null or unsaid: outside a combat). */
  round?: number | null;
}

/**
 * The disadvantage that weighs on her now: a knock-back is "applied to actions in the following
 * round" (Check For Knock-Back), so one stored for another round of the fight weighs nothing yet.
 * Outside a combat, or set outside one (round 0), there are no rounds to wait for.
 */
export function disadvantageNow(system: { disadvantage: string; disadvantageRound: number }, round: number | null | undefined): Disadvantage {
  const inItsRound = round === null || round === undefined || system.disadvantageRound === 0 || system.disadvantageRound === round;
  return inItsRound ? (system.disadvantage as Disadvantage) : "none";
}

/** The rules' stat block of an actor now, fighting with a weapon (null: the sheet's weapon class). */
export function combatantOf(actor: Actor.Implementation, options: CombatantOptions): Combatant {
  const system = dramaSystemOf(actor);
  const wounds = rulesWounds(system);
  const disadvantage = disadvantageNow(system, options.round);
  const shield = shieldOf(actor);
  // The rules' bounds, not the sheet's: the harness dice worn add up past 40 (seed 001), and no card about her may fail its schema.
  return withinSchema(CombatantSchema, {
    name: cardName(options.name),
    pc: actor.type === "dramaCharacter",
    level: system.level,
    physical: system.attributes.physical,
    agility: system.attributes.agility,
    ...skillFor(actor, options.weapon, options.ranged ?? false),
    grit: system.grit.value,
    maxGrit: system.grit.max,
    flesh: system.flesh.value,
    maxFlesh: Math.max(1, system.flesh.max),
    ...(wounds.length ? { wounds } : {}),
    ...(system.penaltyDice ? { otherPenalties: system.penaltyDice } : {}),
    weapon: options.weapon?.weaponClass ?? (system.weaponClass as WeaponClass),
    ...(harnessOf(actor) ? { harness: harnessOf(actor) } : {}),
    ...(shield !== "none" ? { shield } : {}),
    ...(system.militaryTraining ? { military: system.militaryTraining } : {}),
    ...(disadvantage !== "none" ? { disadvantage } : {}),
    dramaPoints: system.dramaPoints,
    ...(roundsOutOf(actor) ? { roundsOut: roundsOutOf(actor) } : {}),
  });
}
