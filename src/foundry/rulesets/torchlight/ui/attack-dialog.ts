/**
 * The attack dialog: the target (the fighters this user can see; illegal ones say why), the weapon,
 * a Maneuver bought with 1 Breath before the roll, area damage, and for the GM's own combatants the
 * Enhancements or Impairments she rules. The summary works the attack out here exactly as the GM
 * will (the card kind's own checks on the Combat Grid): a refused attack cannot be sent.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { maneuversFor } from "../../../../rules/torchlight/actions/attack.js";
import { MANEUVER_BREATH_COST, MANEUVERS } from "../../../../rules/torchlight/tables.js";
import { currentRollMode, isRollMode, rollModeOptions } from "../../../cards/index.js";
import { SYSTEM_ID, templatePath } from "../../../system.js";
import { torchlightSystem, weaponOf, weaponsOf } from "../actor-data.js";
import { torchlightAttackCard } from "../cards/attack.js";
import { postTorchlightAttack } from "../cards/post.js";
import type { Fighter } from "../combat/fight.js";
import { type SheetFight, sheetFight, targetedFighter, targetsFor, who } from "./context.js";
import { TorchlightDialogBase, valuesOf } from "./dialog-base.js";
import { type Preview, previewAttack } from "./attack-preview.js";
import { attackCardOdds, attackOddsLines } from "./attack-odds.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import { showRollDialog } from "../../../api/keybindings.js";

const t = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Torchlight.${key}`, data) : game.i18n!.localize(`FRAY.Torchlight.${key}`));

export interface AttackValues {
  target: string;
  weapon: string;
  maneuver: string;
  area: boolean;
  enhancements: number;
  impairments: number;
  rollMode: string;
}

export class TorchlightAttackDialog extends TorchlightDialogBase {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-dialog", "fray-tl-attack-dialog"],
    tag: "form",
    window: { title: "FRAY.Torchlight.Attack", icon: "fa-solid fa-khanda" },
    position: { width: 480 },
    form: { handler: TorchlightAttackDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = { form: { template: templatePath("dialog/torchlight-attack.hbs") }, footer: { template: templatePath("dialog/footer.hbs") } };

  readonly actor: Actor.Implementation;
  readonly fight: SheetFight;
  values: AttackValues;

  constructor(actor: Actor.Implementation, fight: SheetFight) {
    super({});
    this.actor = actor;
    this.fight = fight;
    const targets = targetsFor(fight);
    const first = targetedFighter(fight) ?? targets.find((f) => this.previewFor(f, { weapon: "" }).problems.length === 0) ?? targets[0];
    this.values = { target: first?.id ?? "", weapon: weaponsOf(actor)[0]?.id ?? "", maneuver: "", area: false, enhancements: 0, impairments: 0, rollMode: currentRollMode() };
  }

  override get title(): string {
    return t("AttackTitle", { actor: this.fight.me.name });
  }

  private target(id = this.values.target): Fighter | undefined {
    return targetsFor(this.fight).find((f) => f.id === id);
  }

  /** The card's request from these values (the GM's extra edges only for combatants no player runs). */
  private raw(values: Partial<AttackValues> = this.values): Record<string, unknown> {
    const raw: Record<string, unknown> = { weapon: values.weapon ?? "" };
    if (values.maneuver) raw.maneuver = values.maneuver;
    if (values.area) raw.area = true;
    if (values.enhancements) raw.enhancements = values.enhancements;
    if (values.impairments) raw.impairments = values.impairments;
    return raw;
  }

  private previewFor(target: Fighter | undefined, values: Partial<AttackValues> = this.values): Preview {
    return previewAttack(torchlightAttackCard, this.fight, target, this.raw(values));
  }

  /** What the attack would be now: its rules request (for odds), its edges and die, or why not. */
  preview(): Preview {
    return this.previewFor(this.target());
  }

  /** The exact odds of the attack as it stands (the card the dialog would open), in lines. */
  oddsLines() {
    const target = this.target();
    if (!target) return [];
    const opening = { kind: "torchlight.attack", refs: { attacker: who(this.fight.me), target: who(target) }, request: { combat: this.fight.combat.id ?? "", ...this.raw() } };
    return attackOddsLines(attackCardOdds(opening), this.values.maneuver !== "");
  }

  protected override async _prepareContext(options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const preview = this.preview();
    const weapon = (() => {
      try {
        return weaponOf(this.actor, this.values.weapon);
      } catch {
        return weaponsOf(this.actor).at(-1)!;
      }
    })();
    const breath = torchlightSystem(this.actor).breath.value;
    return Object.assign(context, {
      // A select cuts a long option off: it marks a target the grid forbids, and the reason is said in full below it.
      ...(() => {
        const targets = targetsFor(this.fight).map((f) => ({ f, problem: this.previewFor(f).problems[0] }));
        return {
          targetOptions: targets.map(({ f, problem }) => ({ value: f.id, label: problem ? t("TargetBarred", { name: f.name }) : f.name })),
          // The line adds its own full stop, so a reason that ends with one does not say it twice.
          barredTargets: targets.filter(({ problem }) => problem).map(({ f, problem }) => ({ name: f.name, reason: problem!.replace(/\.$/, "") })),
        };
      })(),
      weaponOptions: weaponsOf(this.actor).map((w) => ({ value: w.id, label: `${w.name} (d${w.die}, ${t(`WeaponKind.${w.kind}`)})` })),
      // Feint is chosen on the card once the die is seen, not bought before the roll.
      maneuverOptions: maneuversFor(weapon.kind, true)
        .filter((m) => !MANEUVERS[m].rerollDamage)
        .map((m) => ({ value: m, label: t(`Maneuver.${m}`) })),
      breathNote: t("ManeuverCost", { cost: String(MANEUVER_BREATH_COST), breath: String(breath) }),
      gmEdges: game.user?.isGM === true && !this.fight.me.playersTurn,
      values: this.values,
      rollModes: rollModeOptions(),
      preview,
      odds: preview.problems.length ? [] : this.oddsLines(),
      blocked: preview.problems.length > 0,
      submitLabel: "FRAY.Torchlight.Declare",
    });
  }

  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    if (this.form) this.values = this.read(this.form);
    void this.render();
  }

  read(form: HTMLFormElement): AttackValues {
    const raw = valuesOf(form);
    return {
      target: String(raw.target ?? ""),
      weapon: String(raw.weapon ?? ""),
      maneuver: String(raw.maneuver ?? ""),
      area: raw.area === true,
      enhancements: Number(raw.enhancements ?? 0) || 0,
      impairments: Number(raw.impairments ?? 0) || 0,
      rollMode: isRollMode(raw.rollMode) ? raw.rollMode : this.values.rollMode,
    };
  }

  static async #onSubmit(this: TorchlightAttackDialog, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    this.values = this.read(form);
    const target = this.target();
    const preview = this.preview();
    if (!target || preview.problems.length) {
      ui.notifications?.warn(preview.problems.join(" "));
      void this.render();
      return;
    }
    await this.close();
    await postTorchlightAttack({ combat: this.fight.combat.id ?? "", attacker: who(this.fight.me), target: who(target), ...this.raw(), rollMode: this.values.rollMode } as Parameters<typeof postTorchlightAttack>[0]);
  }
}

export async function openTorchlightAttack(actor: Actor.Implementation): Promise<TorchlightAttackDialog | null> {
  const fight = sheetFight(actor);
  if ("refusal" in fight) {
    ui.notifications?.warn(fight.refusal);
    return null;
  }
  const dialog = new TorchlightAttackDialog(actor, fight);
  await showRollDialog(dialog);
  return dialog;
}
