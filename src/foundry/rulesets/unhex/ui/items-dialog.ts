/**
 * The use-or-manage-items dialog: each item she could hold with a choice (in hand, stowed,
 * dropped), starting from where it is now, and one item to use (one in her hands, or a thing fixed
 * to her Area, named). Taking the action opens the items card, where the GM's rules say what it
 * costs and Apply sets the In hand boxes.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { SYSTEM_ID, templatePath } from "../../../system.js";
import { formValues, HandlebarsDialog } from "../../../sheets/dialog-base.js";
import { holdableItems } from "../actors.js";
import { postUnhexItems, type UnhexItemsOpen } from "../cards/index.js";
import { HAND_CHOICES } from "../cards/items.js";
import { activeToken } from "./active-token.js";
import { outOfTurnOffer } from "./out-of-turn.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;

const i18n = () => game.i18n!;

/** The use field: nothing, an item id, or "fixed" for a thing fixed to her Area. */
const FIXED = "fixed";

interface Values {
  hands: Record<string, (typeof HAND_CHOICES)[number]>;
  use: string;
  fixed: string;
  /** The GM's override of the team turn (her dialog alone offers it). */
  outOfTurn: boolean;
}

export class UnhexItemsDialog extends HandlebarsDialog {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-dialog", "fray-unhex-items-dialog"],
    tag: "form",
    window: { title: "FRAY.Unhex.Ui.UseItems", icon: "fa-solid fa-hand-holding" },
    position: { width: 420 },
    form: { handler: UnhexItemsDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = { form: { template: templatePath("dialog/unhex-items.hbs") }, footer: { template: templatePath("dialog/footer.hbs") } };

  readonly actor: Actor.Implementation;
  values: Values;

  constructor(actor: Actor.Implementation) {
    super({});
    this.actor = actor;
    this.values = { hands: Object.fromEntries(holdableItems(actor).map((item) => [item.id, item.held ? "hand" : "stow"])), use: "", fixed: "", outOfTurn: false };
  }

  override get title(): string {
    return i18n().format("FRAY.Unhex.Ui.ItemsTitle", { actor: this.actor.name });
  }

  /** The card this dialog opens, as it stands. */
  opening(): UnhexItemsOpen {
    const held = holdableItems(this.actor).filter((item) => item.held).map((item) => item.id);
    const use = this.values.use === FIXED ? { fixed: this.values.fixed.trim() } : held.includes(this.values.use) ? { item: this.values.use } : undefined;
    const override = this.values.outOfTurn && outOfTurnOffer(this.actor) ? { outOfTurn: true } : {};
    return { actor: this.actor.uuid, token: activeToken(this.actor)?.uuid ?? null, hands: this.values.hands, ...(use ? { use } : {}), ...override };
  }

  protected override async _prepareContext(options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const items = holdableItems(this.actor);
    const used = items.filter((item) => item.held).reduce((sum, item) => sum + item.hands, 0);
    return Object.assign(context, {
      items: items.map((item) => ({ ...item, detail: i18n().format("FRAY.Unhex.Ui.Hands", { n: String(item.hands) }), choice: this.values.hands[item.id] })),
      handChoices: Object.fromEntries(HAND_CHOICES.map((choice) => [choice, i18n().localize(`FRAY.Unhex.Ui.HandChoice.${choice}`)])),
      handsText: i18n().format("FRAY.Unhex.Ui.HandsUsed", { n: String(used) }),
      useChoices: { "": i18n().localize("FRAY.Unhex.Ui.UseNothing"), ...Object.fromEntries(items.filter((item) => item.held).map((item) => [item.id, item.name])), [FIXED]: i18n().localize("FRAY.Unhex.Ui.UseFixed") },
      fixedShown: this.values.use === FIXED,
      outOfTurn: outOfTurnOffer(this.actor),
      values: this.values,
      blocked: false,
      submitLabel: "FRAY.Unhex.Ui.TakeAction",
    });
  }

  /** Choosing a thing fixed to her Area shows the field to name it. */
  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    if (!this.form) return;
    const before = this.values.use;
    this.values = this.readForm(this.form);
    if ((before === FIXED) !== (this.values.use === FIXED)) void this.render({ parts: ["form"] });
  }

  readForm(form: HTMLFormElement): Values {
    const raw = formValues(form);
    const given = (raw.hands ?? {}) as Record<string, unknown>;
    const hands = Object.fromEntries(Object.keys(this.values.hands).map((id) => [id, (HAND_CHOICES as readonly unknown[]).includes(given[id]) ? (given[id] as Values["hands"][string]) : this.values.hands[id]!]));
    return { hands, use: typeof raw.use === "string" ? raw.use : "", fixed: String(raw.fixed ?? this.values.fixed).slice(0, 64), outOfTurn: raw.outOfTurn === true };
  }

  static async #onSubmit(this: UnhexItemsDialog, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    this.values = this.readForm(form);
    await this.close();
    await postUnhexItems(this.opening());
  }
}

export async function openUnhexItemsDialog(actor: Actor.Implementation): Promise<UnhexItemsDialog> {
  const dialog = new UnhexItemsDialog(actor);
  await dialog.render({ force: true });
  return dialog;
}
