import { cavaliersRules } from "../../../rules/cavaliers/index.js";
import { type SuccessEntryData, successEntryFromData } from "../../../rules/cavaliers/entryData.js";
import { ADVANTAGE_STEPS, SUCCESS_TABLES } from "../../../rules/cavaliers/tables.js";
import { dieChoices, labelledChoices } from "../../sheets/choices.js";
import { armourOf, cavaliersData, specialtiesOf, weaponsOf } from "./ui/gear.js";
import type { FoundryRuleset } from "../types.js";
import { cavaliersCombatRules } from "./combat/index.js";
import { registerCavaliersMovement } from "./combat/moving.js";
import { postAttack, postCheck, registerCavaliersCards } from "./cards/index.js";
import { registerCavaliersUi } from "./ui/index.js";
import { skillChoices } from "./competence.js";
import { cavaliersDocuments } from "./documents.js";
import { EFFECT_KINDS, SPECIALTY_ATTRIBUTES } from "./items.js";
import { ATTRIBUTE_DICE, COMPETENCY_DICE, NPC_TYPES } from "./models.js";

const sheetContext = (actor: Actor.Implementation) => ({
  attributeDice: dieChoices(ATTRIBUTE_DICE),
  // Every PC has a competency die, a d6 at least (the rules refuse a PC with none); an NPC may have none.
  competencyDice: dieChoices(actor.type === "cavaliersNpc" ? COMPETENCY_DICE : COMPETENCY_DICE.filter((size) => size > 0)),
  advantageDice: dieChoices(ADVANTAGE_STEPS),
  npcTypes: labelledChoices(NPC_TYPES, "FRAY.Cavaliers.NpcType"),
  isNpc: actor.type === "cavaliersNpc",
  specialties: specialtiesOf(actor),
  weapons: weaponsOf(actor),
  armour: armourOf(actor),
  dying: cavaliersData(actor)?.derived.dying ?? false,
  skills: skillChoices(cavaliersData(actor) ?? {}, specialtiesOf(actor).map((s) => s.skill)),
});

/** A specialty's table is for reading: rolls spend on the rulebook's table, and the sheet says whether this copy matches it. */
function tableNote(item: Item.Implementation): string {
  const system = item.system as { action?: unknown; table?: SuccessEntryData[] };
  const table = system.table ?? [];
  if (!table.length) return "";
  const rules = typeof system.action === "string" && Object.hasOwn(SUCCESS_TABLES, system.action) ? SUCCESS_TABLES[system.action] : undefined;
  const same = !!rules && JSON.stringify(table.map(successEntryFromData)) === JSON.stringify(rules.entries);
  return game.i18n!.localize(same ? "FRAY.Cavaliers.TableMatches" : "FRAY.Cavaliers.TableDiffers");
}

export const cavaliersFoundry: FoundryRuleset = {
  id: "cavaliers",
  documents: cavaliersDocuments,
  rules: cavaliersRules,
  actorContexts: { cavaliersCharacter: sheetContext, cavaliersNpc: sheetContext },
  itemContexts: {
    cavaliersSpecialty: (item) => ({ attributes: labelledChoices(SPECIALTY_ATTRIBUTES, "FRAY.Cavaliers.Attribute"), effects: labelledChoices(EFFECT_KINDS, "FRAY.Cavaliers.Effect"), tableNote: tableNote(item) }),
    cavaliersWeapon: () => ({ itemDice: dieChoices(COMPETENCY_DICE) }),
    cavaliersArmour: () => ({ itemDice: dieChoices(COMPETENCY_DICE), kinds: labelledChoices(["armour", "shield"], "FRAY.Cavaliers.ArmourKind") }),
  },
  combat: cavaliersCombatRules,
  init() {
    registerCavaliersCards();
    registerCavaliersMovement();
    // For macros and the browser tests, which reach the system only through globals.
    const fray = ((CONFIG as { fray?: Record<string, unknown> }).fray ??= {});
    fray.cavaliers = { postAttack, postCheck };
    registerCavaliersUi(Object.keys(cavaliersDocuments.actors));
  },
};
