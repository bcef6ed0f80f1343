import type { InitiativeRoller } from "../../../../rules/cavaliers/initiative.js";
import type { ActorType, InitiativeSpecialty } from "../../../../rules/cavaliers/tables.js";
import { competentIn } from "../competence.js";
import { CavaliersCharacterModel, CavaliersNpcModel } from "../models.js";

export const INITIATIVE_SPECIALTIES: readonly InitiativeSpecialty[] = ["impulse", "vigilance", "timing"];
/** The attribute each Initiative specialty rolls when the actor has no item for it (as in the pack). */
const DEFAULT_ATTRIBUTE: Record<InitiativeSpecialty, "verve" | "affinity" | "guile"> = { impulse: "verve", vigilance: "affinity", timing: "guile" };

type CavaliersSystem = CavaliersCharacterModel | CavaliersNpcModel;

export function cavaliersSystem(actor: Actor.Implementation | null): CavaliersSystem | undefined {
  const system = actor?.system;
  return system instanceof CavaliersCharacterModel || system instanceof CavaliersNpcModel ? system : undefined;
}

export function actorType(system: CavaliersSystem): ActorType {
  return system instanceof CavaliersNpcModel ? (system.npcType as ActorType) : "pc";
}

/** The actor's specialty item for one Initiative specialty (an item of action "initiative" named after it). */
function specialtyItem(actor: Actor.Implementation, specialty: InitiativeSpecialty) {
  return actor.items.find((item) => item.type === "cavaliersSpecialty" && item.name.toLowerCase() === specialty);
}

function ranksOf(item: Item.Implementation | undefined): number {
  const system = item?.system as { ranks?: number } | undefined;
  return system?.ranks ?? 0;
}

/** The specialty the actor is best at (most ranks), Impulse when she has none: the dialog's default. */
export function preferredSpecialty(actor: Actor.Implementation): InitiativeSpecialty {
  return [...INITIATIVE_SPECIALTIES].sort((a, b) => ranksOf(specialtyItem(actor, b)) - ranksOf(specialtyItem(actor, a)))[0] ?? "impulse";
}

/** The Initiative pool: the specialty's attribute die, the competency die and a die per rank. */
export function initiativeRoller(actor: Actor.Implementation, id: string, specialty: InitiativeSpecialty, surprised: boolean, members?: string[]): InitiativeRoller {
  const system = cavaliersSystem(actor);
  if (!system) throw new Error(game.i18n!.format("FRAY.Combat.NotCavaliers", { name: actor.name }));
  const item = specialtyItem(actor, specialty);
  const attribute = (item?.system as { attribute?: keyof typeof system.attributes } | undefined)?.attribute ?? DEFAULT_ATTRIBUTE[specialty];
  return {
    name: id,
    specialty,
    surprised,
    attribute: system.attributes[attribute],
    competency: system.competency,
    ...(competentIn(system, "Initiative") ? {} : { competent: false }),
    ranks: ranksOf(item),
    type: actorType(system),
    ...(members ? { members } : {}),
  };
}
