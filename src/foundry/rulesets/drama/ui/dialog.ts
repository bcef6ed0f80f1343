/**
 * The Drama dialogs' common shape: a form whose values are read on every change and shown again
 * with what follows from them (the pools they make, the odds when the rules can give them), and a
 * submit that resolves the dialog's promise with what it asks for, or says what stops it.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { HandlebarsDialog } from "../../../sheet-base.js";
import { SYSTEM_ID, templatePath } from "../../../system.js";
import { currentRollMode, isRollMode, type RollMode, rollModeOptions } from "../../../cards/index.js";
import { advantagesOf } from "../gear.js";
import { type OddsAsked, oddsLines, type OddsLine } from "./odds.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import { showRollDialog } from "../../../api/keybindings.js";


/** The form's values as an object keyed by input names (Foundry's FormDataExtended). */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  return foundry.utils.expandObject(new foundry.applications.ux.FormDataExtended(form).object) as Record<string, unknown>;
}

export const whole = (value: unknown, min: number, max: number): number => {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min;
};

/** An actor's passions and dramatic advantages as a dialog offers them, those named ticked, each with its price and any extra Flesh. */
export function advantageChoices(actor: Actor.Implementation, ticked: readonly string[]): Record<string, unknown>[] {
  const i18n = game.i18n!;
  return advantagesOf(actor).map((a) => ({
    ...a,
    checked: ticked.includes(a.id),
    costText: a.cost ? i18n.format("FRAY.Drama.Ui.Costs", { n: String(a.cost) }) : i18n.localize("FRAY.Drama.Ui.Free"),
    fleshText: a.flesh ? i18n.format("FRAY.Drama.Ui.ExtraFlesh", { n: String(a.flesh) }) : "",
  }));
}

/** What a dialog's submit gives: its answer, or why it cannot be sent. */
export type Planned<R> = { answer: R; problems: [] } | { answer: null; problems: string[] };

export abstract class DramaDialog<V, R> extends HandlebarsDialog {
  static override DEFAULT_OPTIONS: DeepPartial<ApplicationV2.Configuration> & object = {
    classes: [SYSTEM_ID, "fray-dialog", "fray-drama-dialog"],
    tag: "form",
    position: { width: 480 },
    form: { handler: DramaDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static dialogParts(template: string) {
    return { form: { template: templatePath(template) }, summary: { template: templatePath("dialog/drama-summary.hbs") }, footer: { template: templatePath("dialog/footer.hbs") } };
  }

  values: V;
  readonly result: Promise<R | null>;
  #resolve!: (answer: R | null) => void;

  constructor(values: V) {
    super({});
    this.values = values;
    this.result = new Promise((resolve) => (this.#resolve = resolve));
  }

  /** The values the form holds now. */
  abstract read(form: HTMLFormElement): V;
  /** What the values ask for, or what stops them. */
  abstract plan(): Planned<R>;
  /** The form's own context. */
  abstract formContext(): Record<string, unknown>;
  /** A dialog that opens a card asks its roll mode (one that answers a card takes the card's). */
  offersRollMode = false;
  rollMode: RollMode = currentRollMode();

  /** The card the current choices would open or answer, for its odds (null: none to show). */
  oddsAsked(): OddsAsked | null {
    return null;
  }
  /** What the odds assume, when it is not all on the form. */
  oddsNote(): string {
    return "";
  }
  /** Lines shown under the form: what the choices make. */
  summaryLines(): string[] {
    return [];
  }

  odds(): OddsLine[] {
    return this.plan().answer === null ? [] : oddsLines(this.oddsAsked());
  }

  protected override async _prepareContext(options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const plan = this.plan();
    const form = this.formContext();
    const odds = this.odds();
    const rollMode = this.offersRollMode ? { rollModes: rollModeOptions(), values: { ...((form.values as object | undefined) ?? {}), rollMode: this.rollMode } } : {};
    return Object.assign(context, form, rollMode, { problems: plan.problems, summary: this.summaryLines(), odds, oddsNote: odds.length ? this.oddsNote() : "", blocked: plan.answer === null, submitLabel: this.submitLabel() });
  }

  /** The form's values and its roll mode. */
  #readAll(form: HTMLFormElement): void {
    this.values = this.read(form);
    const mode = form.elements.namedItem("rollMode");
    if (mode instanceof HTMLSelectElement && isRollMode(mode.value)) this.rollMode = mode.value;
  }

  submitLabel(): string {
    return "FRAY.Drama.Ui.Roll";
  }

  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    if (this.form) this.#readAll(this.form);
    const target = event.target;
    // After typing in a number field only the summary and footer are redrawn, so the field keeps its
    // focus (the footer's buttons stay the ones on the page: HandlebarsDialog, sheet-base.ts).
    void this.render(target instanceof HTMLInputElement && target.type === "number" ? { parts: ["summary", "footer"] } : {});
  }

  protected override _onClose(...args: Parameters<ApplicationV2["_onClose"]>): void {
    super._onClose(...args);
    this.#resolve(null);
  }

  static async #onSubmit(this: DramaDialog<unknown, unknown>, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    this.#readAll(form);
    const plan = this.plan();
    if (plan.answer === null) {
      ui.notifications?.warn(plan.problems.join(" "));
      void this.render();
      return;
    }
    this.#resolve(plan.answer);
    await this.close();
  }
}

/** Shows a dialog and waits for its answer (null when closed). */
export async function ask<V, R>(dialog: DramaDialog<V, R>): Promise<R | null> {
  await showRollDialog(dialog);
  return dialog.result;
}
