/**
 * The torchlight sheet's buttons: Attack, a Maneuver for Breath, the stance's ability (Rally when
 * Steadied), a check or save on each Characteristic, the Combat Grid, and out of combat a Phase of
 * Dying saves and Recovery with rest. Each opens a card through the card engine.
 */
import type { SheetAction, SheetExtension } from "../../../actor/sheet.js";
import { promptUnlessSkipped } from "../../../api/keybindings.js";
import { postTorchlightDying, postTorchlightRecover, postTorchlightRoll } from "../cards/post.js";
import { openTorchlightAct } from "./act-dialog.js";
import { openTorchlightAttack } from "./attack-dialog.js";
import { openCombatGrid } from "./grid-app.js";

const t = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Torchlight.${key}`, data) : game.i18n!.localize(`FRAY.Torchlight.${key}`));

const characteristicOf = (target: HTMLElement) => target.closest<HTMLElement>("[data-characteristic]")?.dataset.characteristic ?? "";

/** Asks for a whole number in a range (hours of a Phase, days of rest); null when dismissed. The skip-dialog key takes the initial number unasked: the card it posts can be undone. */
async function askNumber(title: string, rule: string, label: string, initial: number, max: number): Promise<number | null> {
  const value = await promptUnlessSkipped({
    window: { title },
    content: `<p>${Handlebars.escapeExpression(rule)}</p><label class="fray-field"><span>${Handlebars.escapeExpression(label)}</span><input type="number" name="n" value="${initial}" min="0" max="${max}" step="1" autofocus></label>`,
    ok: {
      label: t("Roll"),
      callback: (_event: PointerEvent | SubmitEvent, button: HTMLButtonElement) => {
        const input = button.form?.elements.namedItem("n");
        return input instanceof HTMLInputElement ? Number(input.value) : NaN;
      },
    },
  });
  if (value === null || value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    ui.notifications?.warn(t("BadNumber", { max: String(max) }));
    return null;
  }
  return n;
}

const self = (actor: Actor.Implementation) => ({ actor: actor.uuid });

const ACTIONS: Record<string, SheetAction> = {
  torchlightAttack: (sheet) => openTorchlightAttack(sheet.actor),
  torchlightManeuver: (sheet) => openTorchlightAct("maneuver", sheet.actor),
  torchlightAbility: (sheet) => openTorchlightAct("ability", sheet.actor),
  torchlightCheck: (sheet, _event, target) => postTorchlightRoll("check", self(sheet.actor), characteristicOf(target)),
  torchlightSave: (sheet, _event, target) => postTorchlightRoll("save", self(sheet.actor), characteristicOf(target)),
  torchlightGrid: () => openCombatGrid(),
  async torchlightDying(sheet) {
    const hours = await askNumber(t("DyingTitle", { actor: sheet.actor.name }), t("DyingRule"), t("DyingHours"), 0, 48);
    return hours === null ? null : postTorchlightDying(self(sheet.actor), hours);
  },
  async torchlightRecover(sheet) {
    const days = await askNumber(t("RecoverTitle", { actor: sheet.actor.name }), t("RecoverRule"), t("RestDays"), 0, 60);
    return days === null ? null : postTorchlightRecover(self(sheet.actor), days);
  },
};

export const TORCHLIGHT_SHEET_EXTENSION: SheetExtension = {
  actions: ACTIONS,
  itemTypes: ["torchlightWeapon", "torchlightGear"],
  macroActions: ["torchlightAttack", "torchlightManeuver", "torchlightAbility", "torchlightCheck", "torchlightSave", "torchlightGrid", "torchlightDying", "torchlightRecover"],
  directoryActions: { attack: "torchlightAttack", recover: "torchlightRecover" },
  itemAction: (item) => (item.type === "torchlightWeapon" ? "torchlightAttack" : null),
};
