/**
 * The attack dialog: the targeted token, the weapon (its attack formula, damage, damage type and
 * Piercing) and what the attack will be rolled against. Submitting opens the attack card.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { cardOdds, currentRollMode, isRollMode, percent, rollModeOptions } from "../../../cards/index.js";
import { formValues, HandlebarsDialog } from "../../../sheet-base.js";
import { SYSTEM_ID, templatePath } from "../../../system.js";
import { postAttack, refOf } from "../cards/index.js";
import { personalData, weaponsOf } from "../data.js";
import { actingToken, singleTarget } from "../../../sheets/targets.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import { showRollDialog } from "../../../api/keybindings.js";

const i18n = () => game.i18n!;

export class PersonalAttackDialog extends HandlebarsDialog {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-dialog", "fray-personal-attack"],
    tag: "form",
    window: { title: "FRAY.Personal.Ui.AttackTitle", icon: "fa-solid fa-khanda" },
    position: { width: 420 },
    form: { handler: PersonalAttackDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = { form: { template: templatePath("dialog/personal-attack.hbs") }, footer: { template: templatePath("dialog/footer.hbs") } };

  readonly actor: Actor.Implementation;
  readonly target: Token.Implementation;
  weapon: string;
  rollMode: string = currentRollMode();

  constructor(actor: Actor.Implementation, target: Token.Implementation, weapon?: string) {
    super({});
    this.actor = actor;
    this.target = target;
    this.weapon = weapon ?? weaponsOf(actor)[0]?.id ?? "";
  }

  override get title(): string {
    return i18n().format("FRAY.Personal.Ui.AttackTitle", { actor: this.actor.name, target: this.target.name });
  }

  protected override async _prepareContext(options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const weapons = weaponsOf(this.actor);
    const weapon = weapons.find((w) => w.id === this.weapon) ?? null;
    const targetData = this.target.actor ? personalData(this.target.actor) : null;
    const problems = [
      ...(weapons.length === 0 ? [i18n().format("FRAY.Personal.Ui.NoWeapons", { actor: this.actor.name })] : []),
      ...(targetData ? [] : [i18n().format("FRAY.Personal.Refused.NotPersonal", { name: this.target.name })]),
    ];
    return Object.assign(context, {
      targetName: this.target.name,
      weaponOptions: weapons.map((w) => ({ value: w.id, label: w.name })),
      weapon,
      selected: this.weapon,
      odds: weapon && targetData ? this.oddsLines() : [],
      rollModes: rollModeOptions(),
      values: { rollMode: this.rollMode },
      problems,
      blocked: problems.length > 0 || !weapon,
      submitLabel: "FRAY.Personal.Ui.RollAttack",
    });
  }

  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    if (this.form) this.read(this.form);
    void this.render();
  }

  static async #onSubmit(this: PersonalAttackDialog, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    this.read(form);
    const targetActor = this.target.actor;
    if (!targetActor) return;
    await this.close();
    await postAttack({ attacker: refOf(this.actor, actingToken(this.actor)), target: refOf(targetActor, this.target.document), weapon: this.weapon, rollMode: this.rollMode });
  }

  private read(form: HTMLFormElement): void {
    const raw = formValues(form);
    this.weapon = String(raw.weapon ?? this.weapon);
    if (isRollMode(raw.rollMode)) this.rollMode = raw.rollMode;
  }

  /** The exact odds of the card this dialog would open: to hit, the damage after Armor, what a hit does to the target. */
  oddsLines(): { label: string; text: string }[] {
    const targetActor = this.target.actor;
    if (!targetActor) return [];
    const odds = cardOdds({ kind: "personal.attack", refs: { attacker: refOf(this.actor, actingToken(this.actor)), target: refOf(targetActor, this.target.document) }, request: { weapon: this.weapon } });
    if (!odds) return [];
    const damage = odds.distributions.damage ?? [];
    const hit = odds.chances.hit ?? 0;
    const meanOnHit = hit > 0 ? damage.reduce((sum, [amount, p]) => sum + amount * p, 0) / hit : 0;
    const lines = [
      { label: i18n().localize("FRAY.Personal.Odds.Hit"), text: percent(hit) },
      { label: i18n().localize("FRAY.Personal.Odds.Damage"), text: i18n().format("FRAY.Personal.Odds.DamageText", { mean: meanOnHit.toFixed(1) }) },
    ];
    if ((odds.chances.wounded ?? 0) > 0) lines.push({ label: i18n().localize("FRAY.Personal.Odds.Wounded"), text: percent(odds.chances.wounded ?? 0) });
    if ((odds.chances.fateNeeded ?? 0) > 0) lines.push({ label: i18n().localize("FRAY.Personal.Odds.Fate"), text: percent(odds.chances.fateNeeded ?? 0) });
    return lines;
  }
}

/** Opens the attack dialog against the user's one target (or says why there is none). */
export async function openAttackDialog(actor: Actor.Implementation, weapon?: string): Promise<PersonalAttackDialog | null> {
  const target = singleTarget();
  if ("refusal" in target) {
    ui.notifications?.warn(target.refusal);
    return null;
  }
  const dialog = new PersonalAttackDialog(actor, target.token, weapon);
  await showRollDialog(dialog);
  return dialog;
}
