import { riposteOf } from "../cards/attack.js";
import { roundSoFar } from "../combat/combined.js";
import type { DeepPartial } from "fvtt-types/utils";
import { RANGE_BANDS, type AttackId } from "../../../../rules/cavaliers/tables.js";
import { combinedOptions, readCombined } from "./combined-plan.js";
import { currentRollMode, isRollMode, rollModeOptions } from "../../../cards/index.js";
import { SYSTEM_ID, templatePath } from "../../../system.js";
import { lookUpArea, type AreaReading } from "./area-lookup.js";
import { attackOddsLines } from "./odds-view.js";
import { planAttack, type AttackContext, type AttackFormValues, type AttackPlan } from "./attack-plan.js";
import { ATTACK_IDS, cavaliersData, specialtiesOf, weaponsOf } from "./gear.js";
import { HandlebarsDialog, formValues, partsToRedraw } from "../../../sheets/dialog-base.js";
import { singleTarget } from "../../../sheets/targets.js";
import { rollFlow } from "./roll-flow.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import { showRollDialog } from "../../../api/keybindings.js";

const i18n = () => game.i18n!;

/** The attacker's token on the viewed scene, for Areas (none when the actor has no token there). */
function attackerToken(actor: Actor.Implementation): Token.Implementation | null {
  return actor.getActiveTokens(false, false)[0] ?? null;
}

/** The actor's attack specialties in the rules' order (Lunge, Feint, Aim, Brawl, Riposte). */
function attackSpecialties(actor: Actor.Implementation) {
  const order = (action: string) => ATTACK_IDS.indexOf(action as AttackId);
  return specialtiesOf(actor)
    .filter((s) => s.attack)
    .sort((a, b) => order(a.action) - order(b.action));
}

export interface AttackDialogOptions {
  actor: Actor.Implementation;
  target: Token.Implementation;
  /** Preselected specialty item id (from its roll button). */
  specialtyItemId?: string;
}

/**
 * The attack dialog: target, specialty, weapon, combined actions with their running Drop, the
 * Advantage die, Assist dice, range and cover. Submitting hands an AttackRequest to the roll flow.
 */
export class AttackDialog extends HandlebarsDialog {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-dialog", "fray-attack-dialog"],
    tag: "form",
    window: { title: "FRAY.Ui.AttackTitle", icon: "fa-solid fa-khanda" },
    position: { width: 460 },
    form: { handler: AttackDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = { form: { template: templatePath("dialog/cavaliers-attack.hbs") }, summary: { template: templatePath("dialog/cavaliers-attack-summary.hbs") }, footer: { template: templatePath("dialog/footer.hbs") } };

  readonly actor: Actor.Implementation;
  readonly target: Token.Implementation;
  readonly area: AreaReading | null;
  values: AttackFormValues;

  constructor(options: AttackDialogOptions) {
    super({});
    this.actor = options.actor;
    this.target = options.target;
    this.area = lookUpArea(attackerToken(options.actor), options.target);
    const specialties = attackSpecialties(options.actor);
    const first = options.specialtyItemId ?? specialties[0]?.id ?? ":lunge";
    const weapons = weaponsOf(options.actor);
    const attack = this.attackContext().specialties[first];
    // The first weapon whose specialty fits the attack, else none.
    const weapon = weapons.find((w) => w.specialty === attack)?.id ?? "";
    this.values = { specialty: first, weapon, combined: [], useAdvantage: false, assists: ["", ""], range: this.area?.range ?? null, cover: this.area?.cover ?? 0, rollMode: currentRollMode() };
  }

  override get title(): string {
    return i18n().format("FRAY.Ui.AttackTitle", { actor: this.actor.name, target: this.target.name });
  }

  attackContext(): AttackContext {
    const data = cavaliersData(this.actor);
    const targetData = this.target.actor ? cavaliersData(this.target.actor) : null;
    const specialties: Record<string, AttackId> = {};
    for (const s of specialtiesOf(this.actor)) if (s.attack) specialties[s.id] = s.action as AttackId;
    const token = attackerToken(this.actor);
    return {
      attackerUuid: this.actor.uuid,
      targetUuid: this.target.actor!.uuid,
      ...(token ? { attackerTokenUuid: token.document.uuid } : {}),
      targetTokenUuid: this.target.document.uuid,
      specialties,
      weapons: weaponsOf(this.actor),
      woundDrop: data?.derived.woundDrop ?? 0,
      advantage: data?.advantage ?? 0,
      ...(this.area?.lineOfSight === false ? { lineOfSight: false } : {}),
      riposteReady: riposteOf(this.actor) !== null,
      ...roundSoFar(this.actor),
      ...(data?.derived.dying ? { dying: true } : {}),
      ...(targetData?.derived.dying ? { targetDying: true } : {}),
    };
  }

  plan(): AttackPlan {
    return planAttack(this.values, this.attackContext());
  }

  protected override async _prepareContext(options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const values = this.values;
    const plan = this.plan();
    const specialties = attackSpecialties(this.actor);
    const covered = new Set(specialties.map((s) => s.action));
    const bareAttacks = ATTACK_IDS.filter((a) => !covered.has(a)).map((a) => ({ value: `:${a}`, label: i18n().format("FRAY.Ui.NoSpecialty", { attack: i18n().localize(`FRAY.Ui.AttackName.${a}`) }) }));
    const data = cavaliersData(this.actor);
    return Object.assign(context, {
      actor: this.actor,
      targetName: this.target.name,
      specialtyOptions: [...specialties.map((s) => ({ value: s.id, label: `${s.name} (${s.ranks})` })), ...bareAttacks],
      weaponOptions: weaponsOf(this.actor).map((w) => ({ value: w.id, label: `${w.name} (d${w.itemDie})` })),
      combined: combinedOptions(values.combined),
      advantage: data?.advantage ?? 0,
      hasAdvantage: (data?.advantage ?? 0) > 0,
      rangeOptions: RANGE_BANDS.map((b) => ({ value: String(b.from), label: i18n().localize(`FRAY.Ui.Band.${b.band}`) })),
      coverOptions: [0, 1, 2].map((c) => ({ value: String(c), label: i18n().localize(`FRAY.Ui.Cover${c}`) })),
      rollModes: rollModeOptions(),
      areaKnown: this.area !== null,
      values: { ...values, range: values.range === null ? "" : String(this.bandStart(values.range)), cover: String(values.cover) },
      plan,
      odds: attackOddsLines(plan.request),
      blocked: plan.request === null,
      submitLabel: "FRAY.Ui.RollAttack",
    });
  }

  /** The select shows bands; a looked-up range is shown as its band. */
  private bandStart(range: number): number {
    let from = 0;
    for (const b of RANGE_BANDS) if (range >= b.from) from = b.from;
    return from;
  }

  /** Every change re-reads the form and re-renders, so the Drop sum and the refusals stay current. */
  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    if (this.form) this.values = this.readForm(this.form);
    const parts = partsToRedraw(event);
    void this.render(parts ? { parts } : {});
  }

  readForm(form: HTMLFormElement): AttackFormValues {
    const raw = formValues(form);
    const combined = readCombined(raw.combined);
    const assists = (raw.assists ?? {}) as Record<string, string>;
    // A range read from the Areas stays exact; a band chosen by hand stands for its first range.
    const rangeField = raw.range as number | string | null | undefined;
    const range = this.area ? this.area.range : rangeField === "" || rangeField === null || rangeField === undefined ? null : Number(rangeField);
    return {
      specialty: String(raw.specialty ?? ""),
      weapon: String(raw.weapon ?? ""),
      combined,
      useAdvantage: Boolean(raw.useAdvantage),
      assists: [String(assists["0"] ?? ""), String(assists["1"] ?? "")],
      range,
      cover: this.area ? this.area.cover : Number(raw.cover ?? 0),
      rollMode: isRollMode(raw.rollMode) ? raw.rollMode : this.values.rollMode,
    };
  }

  static async #onSubmit(this: AttackDialog, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    this.values = this.readForm(form);
    const plan = this.plan();
    if (!plan.request) {
      ui.notifications?.warn(plan.problems.join(" "));
      void this.render();
      return;
    }
    await this.close();
    await rollFlow().postAttack(plan.request);
  }
}

/** Open the attack dialog for an actor against the user's one target (or say why not). */
export async function openAttackDialog(actor: Actor.Implementation, specialtyItemId?: string): Promise<AttackDialog | null> {
  const target = singleTarget();
  if ("refusal" in target) {
    ui.notifications?.warn(target.refusal);
    return null;
  }
  const dialog = new AttackDialog({ actor, target: target.token, ...(specialtyItemId ? { specialtyItemId } : {}) });
  await showRollDialog(dialog);
  return dialog;
}
