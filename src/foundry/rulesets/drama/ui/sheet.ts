/**
 * The Drama sheet: attributes and skills with the Base pools they make, Grit and Flesh, the
 * persistent penalty dice (from the wounds, from Grit at 0, and the others), every wound, the
 * passions and dramatic advantages, weapons by class, armour and shields; and the buttons to fight:
 * a melee round against the targeted token(s), a ranged shot, a courage test (none of them while she
 * is knocked out, dying or passed out).
 */
import type { SheetAction, SheetExtension } from "../../../actor/sheet.js";
import { DISADVANTAGE_BASE, DOUBLE_DISADVANTAGE_BASE, SHIELD_DICE, SHIELD_SIZES, WEAPON_CLASSES, WEAPON_TABLE } from "../../../../rules/drama/tables.js";
import { labelledChoices } from "../../../sheets/choices.js";
import { advantagesOf, armourOf, dramaSystem, harnessOf, shieldOf, weaponsOf } from "../gear.js";
import { SKILL_ATTRIBUTES } from "../models.js";
import { roundsOutOf } from "../combat/out.js";
import { openCourageDialog, openMeleeDialog, openRangedDialog } from "./open.js";

const i18n = () => game.i18n!;
const itemIdOf = (target: HTMLElement) => target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";

const ACTIONS: Record<string, SheetAction> = {
  meleeRound: (sheet) => openMeleeDialog(sheet.actor),
  rangedShot: (sheet) => openRangedDialog(sheet.actor),
  courageTest: (sheet) => openCourageDialog(sheet.actor),
  toggleEquipped: async (sheet, _event, target) => {
    const item = sheet.actor.items.get(itemIdOf(target));
    if (!item || !sheet.isEditable) return;
    const equipped = (item.system as { equipped?: boolean }).equipped === true;
    // A dotted path into the item's own system data; fvtt-types types update data by schema.
    await item.update({ "system.equipped": !equipped } as never);
  },
};

export const DRAMA_SHEET_EXTENSION: SheetExtension = {
  actions: ACTIONS,
  itemTypes: ["dramaWeapon", "dramaArmour", "dramaAdvantage"],
  macroActions: ["meleeRound", "rangedShot", "courageTest"],
  directoryActions: { attack: "meleeRound" },
  // A missile weapon shoots; any other opens the melee round.
  itemAction: (item) => ((item.type as string) === "dramaWeapon" ? ((item.system as { ranged?: boolean }).ranged ? "rangedShot" : "meleeRound") : null),
};

/** What the sheet shows beyond the stored fields. */
export function dramaSheetContext(actor: Actor.Implementation): Record<string, unknown> {
  const system = dramaSystem(actor);
  const base = {
    weaponClasses: labelledChoices(WEAPON_CLASSES, "FRAY.Drama.WeaponClass"),
    shields: labelledChoices(SHIELD_SIZES, "FRAY.Drama.Shield"),
    skillAttributes: labelledChoices(SKILL_ATTRIBUTES, "FRAY.Drama.AttributeName"),
    isNpc: actor.type === "dramaNpc",
  };
  if (!system) return base;
  const d = system.derived;
  const attribute = (a: "physical" | "agility") => i18n().localize(`FRAY.Drama.AttributeName.${a}`);
  const poolText = (p: { attribute: "physical" | "agility"; counts: number; value: number; base: number }) =>
    i18n().format("FRAY.Drama.Sheet.PoolOf", { base: String(p.base), attribute: attribute(p.attribute), value: String(p.value), counts: String(p.counts) });
  const item = (id: string) => actor.items.get(id);
  const weapons = weaponsOf(actor);
  const byClass = WEAPON_CLASSES.map((cls) => ({
    label: i18n().localize(`FRAY.Drama.WeaponClass.${cls}`),
    weapons: weapons.filter((w) => w.weaponClass === cls).map((w) => ({ ...w, img: item(w.id)?.img ?? "", skillLabel: w.skill || i18n().localize("FRAY.Drama.Skill"), flesh: WEAPON_TABLE[cls].flesh })),
  })).filter((group) => group.weapons.length);
  const armour = armourOf(actor).map((a) => ({ ...a, img: item(a.id)?.img ?? "", detail: a.kind === "shield" ? i18n().localize(`FRAY.Drama.Shield.${a.shieldSize}`) : i18n().format("FRAY.Drama.Sheet.Ad", { n: String(a.dice) }) }));
  const shield = shieldOf(actor);
  const armourPool = system.attributes.agility + harnessOf(actor) + SHIELD_DICE[shield];
  const advantages = advantagesOf(actor).map((a) => ({ ...a, img: item(a.id)?.img ?? "", detail: i18n().format(a.kind === "passion" ? "FRAY.Drama.Sheet.PassionDetail" : "FRAY.Drama.Sheet.AdvantageDetail", { dice: String(a.dice), cost: String(a.cost) }) }));
  const disadvantageRd = d.disadvantageDice;
  const states: string[] = [];
  if (d.blown) states.push(i18n().localize("FRAY.Drama.Sheet.Blown"));
  if (d.bleeding) states.push(i18n().localize("FRAY.Drama.Sheet.Bleeding"));
  if (system.flesh.value < 0) states.push(i18n().localize("FRAY.Drama.Sheet.Dying"));
  else if (system.flesh.value <= 0) states.push(i18n().localize("FRAY.Drama.Sheet.KnockedOut"));
  if (system.disadvantage !== "none") states.push(i18n().format(`FRAY.Drama.Sheet.Disadvantage.${system.disadvantage}`, { rd: String(disadvantageRd), base: String(system.disadvantage === "doubly" ? DOUBLE_DISADVANTAGE_BASE : DISADVANTAGE_BASE) }));
  const out = roundsOutOf(actor);
  if (out > 0) states.push(i18n().format("FRAY.Drama.Sheet.Out", { rounds: String(out) }));
  return {
    ...base,
    // Knocked out, dying or passed out: she takes no part, and her fighting buttons are gone.
    outOfAction: system.flesh.value <= 0 || out > 0,
    derived: d,
    weaponPool: poolText(d.weaponSkill),
    rangedPool: poolText({ ...d.weaponSkill, attribute: "agility", counts: Math.min(system.skill, system.attributes.agility), base: system.attributes.agility + Math.min(system.skill, system.attributes.agility) }),
    skillRows: system.skills.map((s, i) => ({ index: i, ...s, pool: d.skillPools[i] ? poolText(d.skillPools[i]) : "" })),
    penaltyText: i18n().format("FRAY.Drama.Sheet.Penalties", { total: String(d.penalties), wounds: String(d.fromWounds), grit: String(d.blown ? 1 : 0), other: String(system.penaltyDice) }),
    militaryText: i18n().format("FRAY.Drama.Sheet.Military", { n: String(system.militaryTraining) }),
    armourText: i18n().format("FRAY.Drama.Sheet.ArmourPool", { n: String(armourPool), agility: String(system.attributes.agility), harness: String(harnessOf(actor)), shield: i18n().localize(`FRAY.Drama.Shield.${shield}`) }),
    states,
    wounds: system.wounds.map((w, i) => ({ ...w, index: i })),
    weaponGroups: byClass,
    armour,
    advantages,
    disadvantages: labelledChoices(["none", "disadvantaged", "doubly"], "FRAY.Drama.DisadvantageName"),
  };
}
