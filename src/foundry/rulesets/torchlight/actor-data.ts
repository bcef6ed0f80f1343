/**
 * A torchlight actor as the rules read it: its tracks as a rules Combatant, its weapons, and the
 * statuses that change what the rules do (Incapacitated, Hidden...). Read on the GM from the actor
 * as it is now; nothing a card's request says about an actor's numbers is believed.
 */
import { CHARACTERISTICS, type Characteristic } from "../../../core/tracks/breath.js";
import { type Combatant as RulesCombatant, CombatantSchema } from "../../../rules/torchlight/schemas.js";
import type { WeaponKind } from "../../../rules/torchlight/tables.js";
import { Refused } from "../../relay/index.js";
import { FRAY_STATUS } from "../../statuses/index.js";
import { TorchlightWeaponModel } from "./items.js";
import { TorchlightCharacterModel, TorchlightNpcModel } from "./models.js";
import { cardName } from "../../cards/documents.js";
import { withinSchema } from "../../data/bounds.js";

export type TorchlightData = TorchlightCharacterModel | TorchlightNpcModel;

export function torchlightData(actor: Actor.Implementation | null | undefined): TorchlightData | undefined {
  const system = actor?.system;
  return system instanceof TorchlightCharacterModel || system instanceof TorchlightNpcModel ? system : undefined;
}

/** The actor's torchlight data, or a refusal naming it (a card of this ruleset names another's actor). */
export function torchlightSystem(actor: Actor.Implementation): TorchlightData {
  const system = torchlightData(actor);
  if (!system) throw new Refused(game.i18n!.format("FRAY.Torchlight.Refused.NotTorchlight", { name: actor.name }));
  return system;
}

export function isIncapacitated(actor: Actor.Implementation): boolean {
  return torchlightSystem(actor).incapacitated || actor.statuses.has(FRAY_STATUS.incapacitated.id);
}

/** Dead, as the rules read it: a Characteristic at 0 (Combat, Incapacitated and Death). */
export function isDead(actor: Actor.Implementation): boolean {
  const system = torchlightSystem(actor);
  return CHARACTERISTICS.some((c) => system.characteristics[c].dc <= 0);
}

/** The actor's tracks as a rules combatant, under the name the request knows it by. */
export function rulesCombatant(actor: Actor.Implementation, name: string = actor.name): RulesCombatant {
  const system = torchlightSystem(actor);
  const combatant: RulesCombatant = {
    name: cardName(name),
    breath: system.breath.value,
    maxBreath: system.breath.max,
    str: system.characteristics.str.dc,
    dex: system.characteristics.dex.dc,
    wil: system.characteristics.wil.dc,
    san: system.characteristics.san.dc,
    luck: system.characteristics.luck.dc,
    maxDc: Object.fromEntries(CHARACTERISTICS.map((c) => [c, system.characteristics[c].max])),
    stance: system.stance as RulesCombatant["stance"],
  };
  if (isIncapacitated(actor)) combatant.incapacitated = true;
  // Within the rules' bounds whatever the sheet holds, so no card about her fails its schema.
  return withinSchema(CombatantSchema, combatant);
}

/** The Characteristics that lost points this encounter (the ones Dying saves are made on). */
export function damagedThisEncounter(actor: Actor.Implementation): Characteristic[] {
  const system = torchlightSystem(actor);
  return CHARACTERISTICS.filter((c) => system.encounter[c] > 0);
}

/** A weapon the actor can attack with: one of its weapon items, or the bare weapon on its sheet. */
export interface WeaponChoice {
  /** The item id, or "" for the sheet's bare weapon. */
  id: string;
  name: string;
  die: number;
  kind: WeaponKind;
  damageType: string;
  offHand: boolean;
  trained: boolean;
}

export function weaponsOf(actor: Actor.Implementation): WeaponChoice[] {
  const system = torchlightSystem(actor);
  const items = actor.items.contents.flatMap((item) =>
    item.system instanceof TorchlightWeaponModel
      ? [{ id: item.id ?? "", name: item.name, die: item.system.die, kind: item.system.kind as WeaponKind, damageType: item.system.damageType, offHand: item.system.offHand, trained: item.system.trained }]
      : [],
  );
  const bare: WeaponChoice = { id: "", name: game.i18n!.localize("FRAY.Torchlight.BareWeapon"), die: system.weaponDie, kind: "melee", damageType: "bludgeoning", offHand: false, trained: true };
  return [...items, bare];
}

/** The weapon an id names on this actor ("" the bare weapon); a refusal when there is none such. */
export function weaponOf(actor: Actor.Implementation, id: unknown): WeaponChoice {
  const found = weaponsOf(actor).find((w) => w.id === (typeof id === "string" ? id : ""));
  if (!found) throw new Refused(game.i18n!.format("FRAY.Torchlight.Refused.NoWeapon", { name: actor.name }));
  return found;
}

/** Dual wielding an untrained off-hand weapon Impairs every attack, unless some weapon she wields is trained. */
export function untrainedOffHand(actor: Actor.Implementation): boolean {
  const weapons = weaponsOf(actor).filter((w) => w.id !== "");
  return weapons.some((w) => w.offHand && !w.trained) && !weapons.some((w) => w.trained);
}
