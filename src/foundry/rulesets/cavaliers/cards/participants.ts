/**
 * A cavaliers actor read as the rules read a participant: her tracks (Yield, Wounds, Advantage,
 * Style) and the pool of the skill she rolls (attribute die of the specialty's attribute,
 * competency, ranks, the item die). The GM and the rolling client read the same way, so the dice a
 * client rolls are the dice the GM's reading asks for.
 */
import { Participant, type ParticipantRequest } from "../../../../rules/cavaliers/schemas.js";
import { ACTOR_TYPES, type ActorType } from "../../../../rules/cavaliers/tables.js";
import { Refused } from "../../../relay/index.js";
import { CavaliersArmourModel, CavaliersSpecialtyModel, CavaliersWeaponModel } from "../items.js";
import { competentIn, skillOfRoll } from "../competence.js";
import { CavaliersCharacterModel, CavaliersNpcModel } from "../models.js";
import { cardName } from "../../../cards/documents.js";
import { withinSchema } from "../../../data/bounds.js";

type CavaliersSystem = CavaliersCharacterModel | CavaliersNpcModel;
type SpecialtyItem = Item.Implementation & { system: CavaliersSpecialtyModel };
type WeaponItem = Item.Implementation & { system: CavaliersWeaponModel };

export function cavaliersSystem(actor: Actor.Implementation): CavaliersSystem {
  const system = actor.system;
  if (system instanceof CavaliersCharacterModel || system instanceof CavaliersNpcModel) return system;
  throw new Refused(game.i18n!.format("FRAY.Card.Refused.NotCavaliers", { name: actor.name }));
}

export function actorType(actor: Actor.Implementation): ActorType {
  const system = cavaliersSystem(actor);
  return system instanceof CavaliersNpcModel ? system.npcType : "pc";
}

/** Her own wound track, as her sheet edits and reads it (its length + 1 is her Wound Limit); the rules read the same. */
export function woundTrackOfActor(actor: Actor.Implementation): number[] {
  return [...cavaliersSystem(actor).wounds.track];
}

/** The specialty item asked for (it must be the actor's and fit the skill), else the first whose action is the skill. */
export function specialtyOf(actor: Actor.Implementation, skill: string, itemId?: unknown): SpecialtyItem | null {
  const items = [...actor.items].filter((item): item is SpecialtyItem => item.system instanceof CavaliersSpecialtyModel);
  if (itemId === undefined || itemId === "") return items.find((item) => item.system.action === skill) ?? null;
  const item = items.find((candidate) => candidate.id === itemId);
  if (!item || item.system.action !== skill) throw new Refused(game.i18n!.format("FRAY.Card.Refused.NoSpecialty", { name: actor.name }));
  return item;
}

export function weaponOf(actor: Actor.Implementation, itemId?: unknown): WeaponItem | null {
  if (itemId === undefined || itemId === "") return null;
  const item = typeof itemId === "string" ? actor.items.get(itemId) : undefined;
  if (!item || !(item.system instanceof CavaliersWeaponModel)) throw new Refused(game.i18n!.format("FRAY.Card.Refused.NoWeapon", { name: actor.name }));
  return item as WeaponItem;
}

/** The item die a defence takes: Parry the best melee weapon, Block the shield, Dodge and Brawl none. */
export function defenceItemDie(actor: Actor.Implementation, defence: string): number {
  const dice: number[] = [];
  for (const item of actor.items) {
    if (defence === "parry" && item.system instanceof CavaliersWeaponModel && item.system.melee) dice.push(item.system.itemDie);
    if (defence === "block" && item.system instanceof CavaliersArmourModel && item.system.kind === "shield") dice.push(item.system.itemDie);
  }
  return Math.max(0, ...dice);
}

export interface PoolChoices {
  /** The skill rolled: an attack, a defence, or a skill's action. */
  skill: string;
  specialty?: SpecialtyItem | null;
  /** The item die (weapon, shield); 0 for none. */
  itemDie?: number;
  useAdvantage?: boolean;
  assists?: number[][];
  combined?: string[];
  /** A situational Drop the GM imposes. */
  drop?: number;
}

/** The actor as a rules participant rolling a skill. */
export function participantOf(actor: Actor.Implementation, choices: PoolChoices): ParticipantRequest {
  const system = cavaliersSystem(actor);
  const attribute = choices.specialty?.system.attribute ?? "verve";
  const participant: ParticipantRequest = {
    name: cardName(actor.name),
    type: actorType(actor),
    yield: system.yield.value,
    wounds: system.wounds.value,
    woundTrack: woundTrackOfActor(actor),
    advantage: system.advantage as ParticipantRequest["advantage"],
    style: system.style,
    attribute: system.attributes[attribute] as ParticipantRequest["attribute"],
    competency: system.competency as ParticipantRequest["competency"],
    ranks: choices.specialty?.system.ranks ?? 0,
  };
  // Her die is hers always (the Yield Limit reads it); the pool adds it only in a skill she is competent
  // in. A check with no specialty names no skill: the one rolling it claims it, and the die joins.
  const skill = skillOfRoll(choices.skill, choices.specialty?.system.skill);
  if (skill && !competentIn(system, skill)) participant.competent = false;
  if (choices.itemDie) participant.item = choices.itemDie as ParticipantRequest["item"];
  if (choices.useAdvantage) participant.useAdvantage = true;
  if (choices.assists?.length) participant.assists = choices.assists as ParticipantRequest["assists"];
  if (choices.combined?.length) participant.combined = choices.combined;
  if (choices.drop) participant.drop = choices.drop;
  // Within the rules' bounds whatever the sheet holds, so no card about her fails its schema.
  return withinSchema(Participant, participant);
}

/** The Yield Limit before Wounds, as the sheet derives it. */
export function yieldLimitOf(actor: Actor.Implementation): number {
  return ACTOR_TYPES[actorType(actor)].yieldLimit(cavaliersSystem(actor).competency);
}
