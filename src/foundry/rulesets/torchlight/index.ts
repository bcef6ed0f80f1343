import { torchlightRules } from "../../../rules/torchlight/index.js";
import { CHARACTERISTICS } from "../../../core/tracks/breath.js";
import { isEngaged } from "../../../rules/torchlight/grid.js";
import { STANCE_RULES, STANCES, type Stance } from "../../../rules/torchlight/tables.js";
import { dieChoices, labelledChoices } from "../../sheets/choices.js";
import type { FoundryRuleset } from "../types.js";
import { damagedThisEncounter, torchlightData, weaponsOf } from "./actor-data.js";
import { fighterFor, fightersOf, placementsOf, viewedCombat } from "./combat/fight.js";
import { registerTorchlightCards } from "./cards/index.js";
import { torchlightCombatRules } from "./combat/index.js";
import { torchlightDocuments } from "./documents.js";
import { DAMAGE_TYPE_NAMES, GEAR_KINDS, TorchlightGearModel, WEAPON_DICE, WEAPON_KINDS } from "./items.js";
import { registerTorchlightUi } from "./ui/index.js";

const t = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Torchlight.${key}`, data) : game.i18n!.localize(`FRAY.Torchlight.${key}`));

/** Where the actor stands on the Combat Grid of the Combat this client views, if it is placed there. */
function placementOf(actor: Actor.Implementation): { text: string; engaged: boolean } | null {
  const combat = viewedCombat();
  if (!combat) return null;
  const fighters = fightersOf(combat);
  const token = actor.token ?? actor.getActiveTokens(false, true)[0] ?? null;
  const me = fighterFor(fighters, actor, token);
  if (!me?.cell) return null;
  return { text: t("PlacedAt", { lane: String(me.cell.lane), stance: t(`Stance.${me.cell.stance}`) }), engaged: isEngaged(placementsOf(fighters), me.name) };
}

const sheetContext = (actor: Actor.Implementation) => {
  const system = torchlightData(actor);
  const placement = placementOf(actor);
  const stance = (system?.stance ?? "steadied") as Stance;
  const ability = STANCE_RULES[stance].ability;
  return {
    stances: labelledChoices(STANCES, "FRAY.Torchlight.Stance"),
    weaponDice: dieChoices(WEAPON_DICE),
    characteristics: CHARACTERISTICS.map((key) => ({ key, label: `FRAY.Torchlight.Characteristic.${key}`, ...system?.characteristics[key], st: system?.savingThrows[key], lost: system?.encounter[key] ?? 0 })),
    isNpc: actor.type === "torchlightNpc",
    placement,
    ability: { id: ability, label: t(`Ability.${ability}`) },
    weapons: system
      ? weaponsOf(actor)
          .filter((w) => w.id !== "")
          .map((w) => ({ id: w.id, name: w.name, img: actor.items.get(w.id)?.img ?? "", detail: `d${w.die} · ${t(`WeaponKind.${w.kind}`)} · ${t(`DamageType.${w.damageType}`)}` }))
      : [],
    gear: actor.items.contents
      .filter((item) => item.system instanceof TorchlightGearModel)
      .map((item) => ({ id: item.id, name: item.name, img: item.img, detail: `${t(`GearKind.${(item.system as TorchlightGearModel).kind}`)} ×${(item.system as TorchlightGearModel).quantity}` })),
    statuses: actor.temporaryEffects.map((effect) => ({ name: effect.name, img: effect.img })),
    canDie: system ? (system.dying || system.incapacitated) && damagedThisEncounter(actor).length > 0 : false,
  };
};
export const torchlightFoundry: FoundryRuleset = {
  id: "torchlight",
  documents: torchlightDocuments,
  rules: torchlightRules,
  actorContexts: { torchlightCharacter: sheetContext, torchlightNpc: sheetContext },
  itemContexts: {
    torchlightWeapon: () => ({ dice: dieChoices(WEAPON_DICE), kinds: labelledChoices(WEAPON_KINDS, "FRAY.Torchlight.WeaponKind"), damageTypes: labelledChoices(DAMAGE_TYPE_NAMES, "FRAY.Torchlight.DamageType") }),
    torchlightGear: () => ({ kinds: labelledChoices(GEAR_KINDS, "FRAY.Torchlight.GearKind") }),
  },
  combat: torchlightCombatRules,
  init() {
    registerTorchlightCards();
    registerTorchlightUi(Object.keys(torchlightDocuments.actors));
  },
};
