/**
 * The check and opposed-roll dialog: what the roll is for, whether the character is good at it
 * (her "other" good rolls are shown; the claim is written on the card for the GM to see), the roll
 * mode, and the exact chance, which follows the "good at this" box. An opposed roll is against the
 * one targeted token, who rolls her own dice on the card.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { currentRollMode, isRollMode, rollModeOptions } from "../../../cards/index.js";
import { SYSTEM_ID, templatePath } from "../../../system.js";
import { singleTarget } from "../../../sheets/targets.js";
import { HandlebarsDialog, formValues, partsToRedraw } from "../../../sheets/dialog-base.js";
import { unhexData } from "../actors.js";
import { postUnhexRoll, unhexRollOpen, type UnhexRollOpen } from "../cards/index.js";
import { rollOddsLines } from "./odds.js";
import { activeToken } from "./active-token.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import { showRollDialog } from "../../../api/keybindings.js";

const i18n = () => game.i18n!;

interface Values {
  what: string;
  good: boolean;
  rollMode: string;
}

export class UnhexRollDialog extends HandlebarsDialog {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-dialog", "fray-unhex-roll-dialog"],
    tag: "form",
    window: { title: "FRAY.Unhex.Ui.CheckTitle", icon: "fa-solid fa-dice-d10" },
    position: { width: 380 },
    form: { handler: UnhexRollDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = { form: { template: templatePath("dialog/unhex-roll.hbs") }, summary: { template: templatePath("dialog/unhex-roll-odds.hbs") }, footer: { template: templatePath("dialog/footer.hbs") } };

  readonly actor: Actor.Implementation;
  readonly target: Token.Implementation | null;
  values: Values = { what: "", good: false, rollMode: currentRollMode() };

  constructor(actor: Actor.Implementation, target: Token.Implementation | null) {
    super({});
    this.actor = actor;
    this.target = target;
  }

  override get title(): string {
    return i18n().format(this.target ? "FRAY.Unhex.Ui.OpposedTitle" : "FRAY.Unhex.Ui.CheckTitle", { actor: this.actor.name });
  }

  /** The card this dialog opens, as it stands. */
  opening(): UnhexRollOpen {
    const against = this.target ? { target: this.target.actor!.uuid, targetToken: this.target.document.uuid } : {};
    return { actor: this.actor.uuid, token: activeToken(this.actor)?.uuid ?? null, ...against, good: this.values.good, what: this.values.what.slice(0, 64), rollMode: this.values.rollMode };
  }

  protected override async _prepareContext(options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const other = String((unhexData(this.actor).good as { other?: unknown }).other ?? "");
    return Object.assign(context, {
      targetName: this.target?.name ?? "",
      goodLabel: other ? i18n().format("FRAY.Unhex.Ui.GoodAtThis", { other }) : i18n().localize("FRAY.Unhex.Ui.GoodAtThisPlain"),
      values: this.values,
      rollModes: rollModeOptions(),
      odds: rollOddsLines(unhexRollOpen(this.opening())),
      hint: i18n().localize(this.target ? "FRAY.Unhex.Ui.OpposedHint" : "FRAY.Unhex.Ui.CheckHint"),
      blocked: false,
      submitLabel: "FRAY.Unhex.Ui.Roll",
    });
  }

  /**
   * The reason typed changes no odds, so nothing is redrawn for it (a redraw as the field loses focus
   * would swap the Roll button under a click); the box and the roll mode redraw the odds.
   */
  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    if (this.form) this.values = this.readForm(this.form);
    if (partsToRedraw(event)) return;
    void this.render({ parts: ["summary"] });
  }

  readForm(form: HTMLFormElement): Values {
    const raw = formValues(form);
    return { what: String(raw.what ?? "").slice(0, 64), good: raw.good === true, rollMode: isRollMode(raw.rollMode) ? raw.rollMode : this.values.rollMode };
  }

  static async #onSubmit(this: UnhexRollDialog, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    this.values = this.readForm(form);
    await this.close();
    await postUnhexRoll(this.opening());
  }
}

/** Open the check dialog, or the opposed-roll dialog against the user's one target (or say why not). */
export async function askUnhexRoll(actor: Actor.Implementation, opposed: boolean): Promise<UnhexRollDialog | null> {
  const target = opposed ? singleTarget() : null;
  if (target && "refusal" in target) {
    ui.notifications?.warn(target.refusal);
    return null;
  }
  const dialog = new UnhexRollDialog(actor, target ? target.token : null);
  await showRollDialog(dialog);
  return dialog;
}
