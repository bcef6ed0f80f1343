/**
 * Reading a Personal Combat actor as the rules take it: her vitals, her Armor Rating per damage
 * type (natural plus worn armour), her weapons. The card kinds read actors through these on the
 * GM, as they are at the moment of each step.
 */
import type { CombatantKind } from "../../../rules/personal/combatant.js";
import { Refused } from "../../relay/index.js";
import { CORE_STATUS } from "../../statuses/index.js";
import { PersonalArmourModel, PersonalWeaponModel } from "./items.js";
import { type PersonalActorData, PersonalCharacterModel, PersonalNpcModel } from "./models.js";
import { cardName } from "../../cards/documents.js";
import { withinSchema } from "../../data/bounds.js";
import { ArmorRatings, Target } from "../../../rules/personal/schemas.js";

/** The actor's Personal Combat data, or null for an actor of another ruleset. */
export function personalData(actor: Actor.Implementation): PersonalActorData | null {
  const system: unknown = actor.system;
  return system instanceof PersonalCharacterModel || system instanceof PersonalNpcModel ? system : null;
}

/** The actor's data; an actor of another ruleset refuses the step. */
export function personalSystem(actor: Actor.Implementation): PersonalActorData {
  const system = personalData(actor);
  if (!system) throw new Refused(game.i18n!.format("FRAY.Personal.Refused.NotPersonal", { name: actor.name }));
  return system;
}

/** PC, significant NPC (takes Fallen Fates) or minor NPC. */
export function kindOf(actor: Actor.Implementation): CombatantKind {
  const system = personalSystem(actor);
  if (system instanceof PersonalCharacterModel) return "pc";
  return system.significant ? "significant" : "minor";
}

/** Armor Rating per damage type: the sheet's natural rating plus every worn armour's; a blank type counts for nothing. */
export function armorRatingsOf(actor: Actor.Implementation): Record<string, number> {
  const ratings: Record<string, number> = {};
  const add = (rows: readonly { type: string; rating: number }[]) => {
    for (const { type, rating } of rows) {
      const key = type.trim();
      if (key) ratings[key] = (Object.hasOwn(ratings, key) ? (ratings[key] as number) : 0) + rating;
    }
  };
  add(personalSystem(actor).armor);
  for (const item of actor.items) if (item.system instanceof PersonalArmourModel && item.system.worn) add(item.system.ratings);
  // The rules' bounds (100 per type), not the sum's: no card about her may fail its schema.
  return withinSchema(ArmorRatings, ratings);
}

export interface WeaponRow {
  id: string;
  name: string;
  img: string | null;
  attack: string;
  damage: string;
  damageType: string;
  piercing: boolean;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export function weaponsOf(actor: Actor.Implementation): WeaponRow[] {
  const rows: WeaponRow[] = [];
  for (const item of actor.items) {
    const system: unknown = item.system;
    if (!(system instanceof PersonalWeaponModel)) continue;
    rows.push({ id: item.id!, name: item.name, img: item.img ?? null, attack: system.attack, damage: system.damage, damageType: system.damageType, piercing: system.piercing });
  }
  return rows.sort(byName);
}

export interface ArmourRow {
  id: string;
  name: string;
  img: string | null;
  worn: boolean;
  ratings: string;
}

export function armourOf(actor: Actor.Implementation): ArmourRow[] {
  const rows: ArmourRow[] = [];
  for (const item of actor.items) {
    const system: unknown = item.system;
    if (!(system instanceof PersonalArmourModel)) continue;
    rows.push({ id: item.id!, name: item.name, img: item.img ?? null, worn: system.worn, ratings: system.ratings.map((r) => `${r.type} ${r.rating}`).join(", ") });
  }
  return rows.sort(byName);
}

/** The actor's weapon item with this id; anything else refuses the step. */
export function weaponOf(actor: Actor.Implementation, itemId: unknown): WeaponRow {
  const row = typeof itemId === "string" ? weaponsOf(actor).find((weapon) => weapon.id === itemId) : undefined;
  if (!row) throw new Refused(game.i18n!.format("FRAY.Card.Refused.NoWeapon", { name: actor.name }));
  return row;
}

/** Resolve and what hangs on it, as the rules' vitals fields. Out of the fight by Foundry's Dead status is defeated. */
export function vitalsOf(actor: Actor.Implementation): Record<string, unknown> {
  const system = personalSystem(actor);
  return {
    kind: kindOf(actor),
    resolve: system.resolve.value,
    maxResolve: Math.max(1, system.resolve.max),
    wounded: system.wounded,
    stamina: system.stamina,
    control: system.control,
    ignoresLeft: system.derived.ignoresLeft,
    fates: system.fates.filter((fate) => fate.trim() !== ""),
    defeated: actor.statuses.has(CORE_STATUS.dead.id),
  };
}

/** The actor as the attack's target: Defense, Armor Rating per type, vitals. */
export function targetOf(actor: Actor.Implementation): Record<string, unknown> {
  return withinSchema(Target, { name: cardName(actor.name), defense: personalSystem(actor).defense, armor: armorRatingsOf(actor), ...vitalsOf(actor) });
}
