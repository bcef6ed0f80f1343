/**
 * The dialog for a Maneuver bought with 1 Breath and for the stance's ability (Intimidation, Rally,
 * Protect Companion, Called Shot): what it is, whom it names, and whether the GM will allow it, worked
 * out here by the card kind's own checks and the rules (Rally's reach, Protect Companion's adjacency...).
 */
import type { DeepPartial } from "fvtt-types/utils";
import { maneuversFor } from "../../../../rules/torchlight/actions/attack.js";
import { MANEUVERS, type ManeuverName, STANCE_RULES, type StanceAbility } from "../../../../rules/torchlight/tables.js";
import { currentRollMode, isRollMode, rollModeOptions } from "../../../cards/index.js";
import type { CardKind } from "../../../cards/kinds.js";
import { SYSTEM_ID, templatePath } from "../../../system.js";
import { weaponOf, weaponsOf } from "../actor-data.js";
import { postTorchlightAbility, postTorchlightManeuver } from "../cards/post.js";
import { torchlightAbilityCard, torchlightManeuverCard } from "../cards/stance.js";
import type { Fighter } from "../combat/fight.js";
import { type SheetFight, sheetFight, targetedFighter, targetsFor, who } from "./context.js";
import { TorchlightDialogBase, valuesOf } from "./dialog-base.js";
import { prepareHere } from "./attack-preview.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import { showRollDialog } from "../../../api/keybindings.js";

const t = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Torchlight.${key}`, data) : game.i18n!.localize(`FRAY.Torchlight.${key}`));

type Mode = "maneuver" | "ability";

interface ActValues {
  maneuver: string;
  target: string;
  weapon: string;
  rollMode: string;
}

export class TorchlightActDialog extends TorchlightDialogBase {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-dialog", "fray-tl-act-dialog"],
    tag: "form",
    position: { width: 440 },
    form: { handler: TorchlightActDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = { form: { template: templatePath("dialog/torchlight-act.hbs") }, footer: { template: templatePath("dialog/footer.hbs") } };

  readonly mode: Mode;
  readonly actor: Actor.Implementation;
  readonly fight: SheetFight;
  values: ActValues;

  constructor(mode: Mode, actor: Actor.Implementation, fight: SheetFight) {
    super({});
    this.mode = mode;
    this.actor = actor;
    this.fight = fight;
    const weapon = weaponsOf(actor)[0];
    this.values = { maneuver: maneuversFor(weapon?.kind ?? "melee", false)[0] ?? "evade", target: targetedFighter(fight)?.id ?? "", weapon: weapon?.id ?? "", rollMode: currentRollMode() };
  }

  private get ability(): StanceAbility {
    return STANCE_RULES[this.fight.me.cell?.stance ?? "steadied"].ability;
  }

  override get title(): string {
    return this.mode === "maneuver" ? t("ManeuverTitle", { actor: this.fight.me.name }) : t("AbilityTitle", { actor: this.fight.me.name, ability: t(`Ability.${this.ability}`) });
  }

  private get kind(): CardKind {
    return this.mode === "maneuver" ? torchlightManeuverCard : torchlightAbilityCard;
  }

  private needsTarget(): boolean {
    if (this.mode === "ability") return this.ability === "protect-companion" || this.ability === "called-shot";
    return MANEUVERS[this.values.maneuver as ManeuverName]?.needsTarget ?? false;
  }

  private target(): Fighter | undefined {
    return this.needsTarget() ? targetsFor(this.fight).find((f) => f.id === this.values.target) : undefined;
  }

  /** Whether the GM will take it: the card's checks and the rules, run here with no dice. */
  problems(): string[] {
    if (this.needsTarget() && !this.target()) return [t("Refused.NeedsTarget")];
    const roles: Record<string, Fighter> = { actor: this.fight.me };
    const target = this.target();
    if (target) roles.target = target;
    const raw = { combat: this.fight.combat.id, maneuver: this.values.maneuver, weapon: this.values.weapon };
    const prepared = prepareHere(this.kind, raw, roles);
    return "problem" in prepared ? [prepared.problem] : [];
  }

  protected override async _prepareContext(options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const weapon = (() => {
      try {
        return weaponOf(this.actor, this.values.weapon);
      } catch {
        return weaponsOf(this.actor).at(-1)!;
      }
    })();
    const problems = this.problems();
    return Object.assign(context, {
      isManeuver: this.mode === "maneuver",
      rule: this.mode === "maneuver" ? t(`ManeuverRule.${this.values.maneuver}`) : t(`AbilityRule.${this.ability}`),
      maneuverOptions: maneuversFor(weapon.kind, false).map((m) => ({ value: m, label: t(`Maneuver.${m}`) })),
      weaponOptions: weaponsOf(this.actor).map((w) => ({ value: w.id, label: `${w.name} (${t(`WeaponKind.${w.kind}`)})` })),
      needsTarget: this.needsTarget(),
      targetOptions: targetsFor(this.fight).map((f) => ({ value: f.id, label: f.name })),
      values: this.values,
      rollModes: rollModeOptions(),
      problems,
      blocked: problems.length > 0,
      submitLabel: this.mode === "maneuver" ? "FRAY.Torchlight.TakeManeuver" : "FRAY.Torchlight.UseAbility",
    });
  }

  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    if (this.form) {
      const raw = valuesOf(this.form);
      this.values = { maneuver: String(raw.maneuver ?? this.values.maneuver), target: String(raw.target ?? this.values.target), weapon: String(raw.weapon ?? this.values.weapon), rollMode: isRollMode(raw.rollMode) ? raw.rollMode : this.values.rollMode };
    }
    void this.render();
  }

  static async #onSubmit(this: TorchlightActDialog): Promise<void> {
    const problems = this.problems();
    if (problems.length) {
      ui.notifications?.warn(problems.join(" "));
      return;
    }
    await this.close();
    const target = this.target();
    const base = { combat: this.fight.combat.id ?? "", actor: who(this.fight.me), ...(target ? { target: who(target) } : {}), rollMode: this.values.rollMode };
    if (this.mode === "maneuver") await postTorchlightManeuver({ ...base, maneuver: this.values.maneuver, weapon: this.values.weapon });
    else await postTorchlightAbility(base);
  }
}

export async function openTorchlightAct(mode: Mode, actor: Actor.Implementation): Promise<TorchlightActDialog | null> {
  const fight = sheetFight(actor);
  if ("refusal" in fight) {
    ui.notifications?.warn(fight.refusal);
    return null;
  }
  const dialog = new TorchlightActDialog(mode, actor, fight);
  await showRollDialog(dialog);
  return dialog;
}
